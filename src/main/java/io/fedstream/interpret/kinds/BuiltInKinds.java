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
                new FlinkDeploymentKind(),
                new FlinkSessionJobKind(),
                new RayKinds(),
                new SparkApplicationKinds(),
                new ArgoRolloutKind(),
                new StrimziKinds());
    }
}
