package io.fedstream.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which workload and template a pod belongs to, from the operators' labels and the owner references. */
class PodOwnershipTest {

    /** The cluster's owners: a RayCluster of a RayJob, a Job of a CronJob, a ReplicaSet of a Rollout. */
    private final PodOwnership ownership = new PodOwnership((namespace, owned) -> switch (owned.getKind()) {
        case "RayCluster" -> Optional.of(owner("ray.io/v1", "RayJob", "tune"));
        case "Job" -> Optional.of(owner("batch/v1", "CronJob", "nightly"));
        case "ReplicaSet" -> Optional.of(owner("argoproj.io/v1alpha1", "Rollout", "canary"));
        default -> Optional.empty();
    });

    @Test
    void kubeflowReplicaTypesAreTheTemplatesOfTheJobThatControlsThePod() {
        assertThat(ownership.of(pod(Map.of("training.kubeflow.org/replica-type", "Worker", "training.kubeflow.org/job-name", "bert"),
                owner("kubeflow.org/v1", "PyTorchJob", "bert")))).contains(new WorkloadTemplate("kubeflow.org/PyTorchJob/ml/bert", "worker"));
    }

    @Test
    void aRayClusterOfARayJobCountsForTheRayJobHeadAndWorkerGroupsApart() {
        OwnerReference cluster = owner("ray.io/v1", "RayCluster", "tune-raycluster-x");
        assertThat(ownership.of(pod(Map.of("ray.io/cluster", "tune-raycluster-x", "ray.io/node-type", "head", "ray.io/group", "headgroup"), cluster)))
                .contains(new WorkloadTemplate("ray.io/RayJob/ml/tune", "head"));
        assertThat(ownership.of(pod(Map.of("ray.io/cluster", "tune-raycluster-x", "ray.io/node-type", "worker", "ray.io/group", "GPU-Workers"),
                cluster))).contains(new WorkloadTemplate("ray.io/RayJob/ml/tune", "gpu-workers"));
    }

    @Test
    void sparkVolcanoJobSetAndLeaderWorkerSetPodsAreKnownByTheirLabels() {
        assertThat(ownership.of(pod(Map.of("spark-role", "executor", "sparkoperator.k8s.io/app-name", "etl"), null)))
                .contains(new WorkloadTemplate("sparkoperator.k8s.io/SparkApplication/ml/etl", "executor"));
        assertThat(ownership.of(pod(Map.of("volcano.sh/job-name", "mpi", "volcano.sh/task-spec", "Worker"), null)))
                .contains(new WorkloadTemplate("batch.volcano.sh/Job/ml/mpi", "worker"));
        assertThat(ownership.of(pod(Map.of("jobset.sigs.k8s.io/jobset-name", "llm", "jobset.sigs.k8s.io/replicatedjob-name", "Trainers"), null)))
                .contains(new WorkloadTemplate("jobset.x-k8s.io/JobSet/ml/llm", "trainers"));
        assertThat(ownership.of(pod(Map.of("leaderworkerset.sigs.k8s.io/name", "vllm", "leaderworkerset.sigs.k8s.io/worker-index", "0"), null)))
                .contains(new WorkloadTemplate("leaderworkerset.x-k8s.io/LeaderWorkerSet/ml/vllm", "leader"));
        assertThat(ownership.of(pod(Map.of("leaderworkerset.sigs.k8s.io/name", "vllm", "leaderworkerset.sigs.k8s.io/worker-index", "3"), null)))
                .contains(new WorkloadTemplate("leaderworkerset.x-k8s.io/LeaderWorkerSet/ml/vllm", "worker"));
    }

    @Test
    void ownerReferencesClimbFromAJobToItsCronJobAndFromAReplicaSetToItsRollout() {
        assertThat(ownership.of(pod(Map.of(), owner("batch/v1", "Job", "nightly-29000")))).contains(new WorkloadTemplate("batch/CronJob/ml/nightly", "main"));
        assertThat(ownership.of(pod(Map.of(), owner("apps/v1", "ReplicaSet", "canary-7d")))).contains(
                new WorkloadTemplate("argoproj.io/Rollout/ml/canary", "main"));
        assertThat(ownership.of(pod(Map.of(), owner("apps/v1", "StatefulSet", "db")))).contains(new WorkloadTemplate("apps/StatefulSet/ml/db", "main"));
        assertThat(ownership.of(pod(Map.of(), null))).contains(new WorkloadTemplate("core/Pod/ml/p", "pod"));
    }

    private static Pod pod(Map<String, String> labels, OwnerReference controller) {
        PodBuilder pod = new PodBuilder().withNewMetadata().withName("p").withNamespace("ml").withLabels(labels).endMetadata();
        if (controller != null) {
            pod.editMetadata().addToOwnerReferences(controller).endMetadata();
        }
        return pod.build();
    }

    private static OwnerReference owner(String apiVersion, String kind, String name) {
        return new OwnerReferenceBuilder().withApiVersion(apiVersion).withKind(kind).withName(name).withUid(name + "-uid").withController(true).build();
    }
}
