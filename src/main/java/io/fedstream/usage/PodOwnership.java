package io.fedstream.usage;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which workload and template a pod belongs to, named as the interpreter names them: first by the labels the
 * operators put on their pods (Flink's {@code component}, Kubeflow's {@code training.kubeflow.org/replica-type}, Ray's
 * {@code ray.io/group}, Spark's {@code spark-role}, Volcano's {@code volcano.sh/task-spec}, JobSet's and
 * LeaderWorkerSet's), then by owner references, up through the owners that are not workloads themselves (a Deployment's
 * ReplicaSet, a CronJob's Job). A pod no controller owns is its own workload, template {@code pod}.
 */
public final class PodOwnership {

    private static final Set<String> FLINK_COMPONENTS = Set.of("jobmanager", "taskmanager");
    private static final Set<String> UNDER_A_WORKLOAD = Set.of("ReplicaSet", "Job");
    private static final Set<String> RAY_PARENTS = Set.of("RayJob", "RayService");

    private final OwnerLookup owners;

    public PodOwnership(OwnerLookup owners) {
        this.owners = owners;
    }

    /** The pod's workload and template; empty when the pod cannot be placed (an owner that cannot be looked up). */
    public Optional<WorkloadTemplate> of(Pod pod) {
        String namespace = pod.getMetadata().getNamespace();
        Map<String, String> labels = pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
        Optional<OwnerReference> controller = controller(pod);

        String component = labels.get("component");
        if (labels.containsKey("app") && component != null && FLINK_COMPONENTS.contains(component)
                && labels.getOrDefault("type", "").startsWith("flink-")) {
            return Optional.of(new WorkloadTemplate(key("flink.apache.org", "FlinkDeployment", namespace, labels.get("app")), component));
        }
        String replicaType = labels.get("training.kubeflow.org/replica-type");
        if (replicaType != null && controller.isPresent()) {
            return Optional.of(new WorkloadTemplate(key(controller.get(), namespace), lower(replicaType)));
        }
        String rayCluster = labels.get("ray.io/cluster");
        if (rayCluster != null && controller.isPresent()) {
            String template = "head".equals(labels.get("ray.io/node-type")) ? "head" : lower(labels.getOrDefault("ray.io/group", "worker"));
            OwnerReference cluster = controller.get();
            OwnerReference workload = owners.controllerOf(namespace, cluster).filter(parent -> RAY_PARENTS.contains(parent.getKind()))
                    .orElse(cluster);
            return Optional.of(new WorkloadTemplate(key(workload, namespace), template));
        }
        String sparkRole = labels.get("spark-role");
        String sparkApp = labels.get("sparkoperator.k8s.io/app-name");
        if (sparkRole != null && sparkApp != null) {
            return Optional.of(new WorkloadTemplate(key("sparkoperator.k8s.io", "SparkApplication", namespace, sparkApp), lower(sparkRole)));
        }
        String volcanoJob = labels.get("volcano.sh/job-name");
        if (volcanoJob != null && labels.containsKey("volcano.sh/task-spec")) {
            return Optional.of(new WorkloadTemplate(key("batch.volcano.sh", "Job", namespace, volcanoJob), lower(labels.get("volcano.sh/task-spec"))));
        }
        String jobSet = labels.get("jobset.sigs.k8s.io/jobset-name");
        if (jobSet != null && labels.containsKey("jobset.sigs.k8s.io/replicatedjob-name")) {
            return Optional.of(new WorkloadTemplate(key("jobset.x-k8s.io", "JobSet", namespace, jobSet),
                    lower(labels.get("jobset.sigs.k8s.io/replicatedjob-name"))));
        }
        String leaderWorkerSet = labels.get("leaderworkerset.sigs.k8s.io/name");
        if (leaderWorkerSet != null && labels.containsKey("leaderworkerset.sigs.k8s.io/worker-index")) {
            String template = "0".equals(labels.get("leaderworkerset.sigs.k8s.io/worker-index")) ? "leader" : "worker";
            return Optional.of(new WorkloadTemplate(key("leaderworkerset.x-k8s.io", "LeaderWorkerSet", namespace, leaderWorkerSet), template));
        }
        if (controller.isEmpty()) {
            return Optional.of(new WorkloadTemplate(key("core", "Pod", namespace, pod.getMetadata().getName()), "pod"));
        }
        OwnerReference owner = controller.get();
        if (UNDER_A_WORKLOAD.contains(owner.getKind())) {
            owner = owners.controllerOf(namespace, owner).orElse(owner);
        }
        return Optional.of(new WorkloadTemplate(key(owner, namespace), "main"));
    }

    private static Optional<OwnerReference> controller(Pod pod) {
        if (pod.getMetadata().getOwnerReferences() == null) {
            return Optional.empty();
        }
        return pod.getMetadata().getOwnerReferences().stream().filter(owner -> Boolean.TRUE.equals(owner.getController())).findFirst();
    }

    private static String key(OwnerReference owner, String namespace) {
        String apiVersion = owner.getApiVersion();
        int slash = apiVersion.indexOf('/');
        return key(slash < 0 ? "core" : apiVersion.substring(0, slash), owner.getKind(), namespace, owner.getName());
    }

    private static String key(String group, String kind, String namespace, String name) {
        return group + "/" + kind + "/" + namespace + "/" + name;
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
