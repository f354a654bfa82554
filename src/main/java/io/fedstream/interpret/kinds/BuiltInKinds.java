package io.fedstream.interpret.kinds;

import io.fedstream.interpret.KindInterpreter;

import java.util.List;

/** The registry of built-in kind interpreters: adding a kind is one class plus one line here. */
public final class BuiltInKinds {

    private BuiltInKinds() {}

    /** Every built-in interpreter; no two may claim the same apiVersion/kind. */
    public static List<KindInterpreter> all() {
        return List.of(
                new PodKind(),
                new ReplicatedPodKinds(),
                new JobKinds(),
                new KubeflowJobKinds(),
                new MpiJobKinds(),
                new TrainJobKind(TrainingRuntimes.none()),
                new VolcanoJobKind(),
                new JobSetKind(),
                new LeaderWorkerSetKind(),
                new FlinkDeploymentKind(),
                new FlinkSessionJobKind(),
                new RayKinds(),
                new SparkApplicationKinds(),
                new ArgoRolloutKind(),
                new StrimziKinds(),
                new KubernetesKindsWithoutPods(),
                new KubernetesClusterScopedKinds());
    }

    /**
     * Every built-in interpreter but those of Kubernetes' own kinds without pods, namespaced or cluster-scoped: the kinds
     * whose objects are workloads.
     */
    public static List<KindInterpreter> workloads() {
        return all().stream().filter(k -> !(k instanceof KubernetesKindsWithoutPods) && !(k instanceof KubernetesClusterScopedKinds))
                .toList();
    }

    /** Every built-in interpreter as {@link #all()}, with TrainJobs resolved against the given runtimes. */
    public static List<KindInterpreter> all(TrainingRuntimes runtimes) {
        return all().stream().map(k -> k instanceof TrainJobKind ? new TrainJobKind(runtimes) : k).toList();
    }
}
