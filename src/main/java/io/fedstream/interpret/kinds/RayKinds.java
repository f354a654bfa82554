package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Resources;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * ray.io/v1 RayCluster, RayJob and RayService: the head pod, one component per worker group and,
 * for a RayJob, the job submitter, with the containers KubeRay adds to the pods. The rules and
 * their sources in ray-project/kuberay are in docs/interpretation.md.
 */
public final class RayKinds implements KindInterpreter {

    private static final long MIB = 1L << 20;
    /** KubeRay's autoscaler sidecar when autoscalerOptions.resources is not set (common/pod.go). */
    private static final ContainerResources AUTOSCALER = fixed(500, 512 * MIB, 500, 512 * MIB);
    /** KubeRay's default job submitter container (common/job.go). */
    private static final ContainerResources SUBMITTER = fixed(500, 200 * MIB, 1000, 1024 * MIB);
    /** The wait-gcs-ready init container KubeRay injects into every worker pod (common/pod.go). */
    private static final ContainerResources WAIT_GCS_READY = fixed(200, 256 * MIB, 200, 256 * MIB);

    @Override
    public List<KindRef> kinds() {
        return List.of(
                KindRef.of("ray.io/v1", "RayCluster"),
                KindRef.of("ray.io/v1", "RayJob"),
                KindRef.of("ray.io/v1", "RayService"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        return switch (manifest.field("kind").string()) {
            case "RayJob" -> rayJob(spec);
            case "RayService" -> cluster(required(spec.field("rayClusterConfig")), false);
            default -> cluster(spec, false);
        };
    }

    private static List<Component> rayJob(Cursor spec) {
        Cursor modeField = spec.field("submissionMode");
        String mode = modeField.string() == null ? "K8sJobMode" : modeField.string();
        if (!List.of("K8sJobMode", "HTTPMode", "InteractiveMode", "SidecarMode").contains(mode)) {
            modeField.error("must be K8sJobMode, HTTPMode, InteractiveMode or SidecarMode");
        }
        boolean sidecar = mode.equals("SidecarMode");
        Cursor selector = spec.field("clusterSelector");
        boolean existingCluster = selector.isPresent() && !selector.entries().isEmpty();
        Cursor submitterTemplate = spec.field("submitterPodTemplate");
        if (sidecar && existingCluster) {
            selector.error("is not supported in SidecarMode");
        }
        if (sidecar && submitterTemplate.isPresent()) {
            submitterTemplate.error("is not supported in SidecarMode (the submitter runs in the head pod)");
        }

        List<Component> components = new ArrayList<>();
        if (!existingCluster) {
            Cursor clusterSpec = spec.field("rayClusterSpec");
            if (!clusterSpec.isPresent()) {
                clusterSpec.error("is required unless spec.clusterSelector names an existing RayCluster");
            }
            components.addAll(cluster(clusterSpec, sidecar));
        }
        if (mode.equals("K8sJobMode")) {
            PodRequest submitter = submitterTemplate.isPresent()
                    ? PodRequests.of(submitterTemplate.field("spec"))
                    : PodRequest.ofContainer(SUBMITTER);
            components.add(Component.of("submitter", 1, modeField, submitter));
        }
        return components;
    }

    private static Cursor required(Cursor field) {
        if (!field.isPresent()) {
            field.error("is required");
        }
        return field;
    }

    /** The head and worker groups of a RayClusterSpec; with a sidecar submitter in the head pod for a RayJob. */
    private static List<Component> cluster(Cursor spec, boolean sidecarSubmitter) {
        if (!spec.isPresent()) {
            return List.of();
        }
        List<Cursor> headContainers = new ArrayList<>();
        if (spec.field("enableInTreeAutoscaling").bool(false)) {
            Cursor resources = spec.at("autoscalerOptions.resources");
            headContainers.add(resources.isPresent()
                    ? AssembledPod.container("autoscaler", resources)
                    : AssembledPod.container("autoscaler", AUTOSCALER, spec.problems()));
        }
        if (sidecarSubmitter) {
            headContainers.add(AssembledPod.container("ray-job-submitter", SUBMITTER, spec.problems()));
        }
        Cursor head = spec.field("headGroupSpec");
        List<Component> components = new ArrayList<>();
        components.add(Component.of("head", 1, head,
                AssembledPod.of(head.at("template.spec"), headContainers, List.of()).request()));

        Set<String> names = new HashSet<>(Set.of("head", "submitter"));
        for (Cursor group : spec.field("workerGroupSpecs").elements()) {
            Cursor nameField = group.field("groupName");
            String groupName = nameField.requiredString();
            String name = groupName == null ? "" : groupName.toLowerCase(Locale.ROOT);
            if (groupName != null && !names.add(name)) {
                nameField.error("must be unique (component names are the lower-cased group names, besides head and submitter)");
            }
            Cursor waitGcsReady = AssembledPod.container("wait-gcs-ready", WAIT_GCS_READY, spec.problems());
            PodRequest pod = AssembledPod.of(group.at("template.spec"), List.of(), List.of(waitGcsReady)).request();
            components.add(workerGroup(group, name, pod));
        }
        return components;
    }

    /** KubeRay's GetWorkerGroupDesiredReplicas: replicas raised to min, lowered to max, times hosts; 0 when suspended. */
    private static Component workerGroup(Cursor group, String name, PodRequest pod) {
        Cursor replicasField = group.field("replicas");
        long replicas = replicasField.count(0);
        long min = group.field("minReplicas").count(0);
        Long max = group.field("maxReplicas").optionalCount();
        long hosts = group.field("numOfHosts").count(1);
        if (group.field("suspend").bool(false)) {
            return new Component(name, 0, null, null, pod, group.field("suspend"));
        }
        long desired = Math.max(replicas, min);
        if (max != null) {
            desired = Math.min(desired, max);
        }
        return new Component(name, desired * hosts, min * hosts, max == null ? null : max * hosts, pod, replicasField);
    }

    /** Requests and limits, cpu in milli-cpu and memory in bytes. */
    private static ContainerResources fixed(long requestCpu, long requestMemory, long limitCpu, long limitMemory) {
        return new ContainerResources(
                Resources.of(Map.of("cpu", requestCpu, "memory", requestMemory)),
                Resources.of(Map.of("cpu", limitCpu, "memory", limitMemory)));
    }
}
