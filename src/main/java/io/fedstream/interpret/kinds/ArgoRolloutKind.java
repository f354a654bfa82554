package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;

import java.util.List;

/**
 * argoproj.io/v1alpha1 Rollout: like a Deployment, {@code main} with {@code spec.replicas}
 * (default 1) pods of {@code spec.template}. A Rollout whose pods come from a Deployment named in
 * {@code spec.workloadRef} is uninterpretable from its own manifest.
 */
public final class ArgoRolloutKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("argoproj.io/v1alpha1", "Rollout"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        Cursor workloadRef = spec.field("workloadRef");
        if (!workloadRef.isPresent()) {
            return List.of(ReplicatedPodKinds.main(spec));
        }
        // Argo Rollouts refuses a Rollout that has both (template must be empty with workloadRef).
        if (spec.field("template").isPresent()) {
            spec.field("template").error("must be empty when spec.workloadRef is set");
        }
        String apiVersion = workloadRef.field("apiVersion").string();
        String kind = workloadRef.field("kind").requiredString();
        String name = workloadRef.field("name").requiredString();
        String target = (apiVersion == null ? "" : apiVersion + " ") + kind + " " + name;
        workloadRef.uninterpretable("the pod template comes from the referenced workload " + target
                + ", which is not part of this manifest; interpret that workload instead");
        return List.of();
    }
}
