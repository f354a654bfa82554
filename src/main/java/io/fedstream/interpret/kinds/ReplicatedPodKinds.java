package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequests;

import java.util.List;

/**
 * apps/v1 Deployment, ReplicaSet, StatefulSet, v1 ReplicationController and OpenKruise's CloneSet
 * and Advanced StatefulSet: one component {@code main} with {@code spec.replicas} (default 1)
 * pods of {@code spec.template}.
 */
public final class ReplicatedPodKinds implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(
                KindRef.of("apps/v1", "Deployment"),
                KindRef.of("apps/v1", "ReplicaSet"),
                KindRef.of("apps/v1", "StatefulSet"),
                KindRef.of("v1", "ReplicationController"),
                KindRef.of("apps.kruise.io/v1alpha1", "CloneSet"),
                KindRef.of("apps.kruise.io/v1beta1", "CloneSet"),
                KindRef.of("apps.kruise.io/v1alpha1", "StatefulSet"),
                KindRef.of("apps.kruise.io/v1beta1", "StatefulSet"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        return List.of(main(manifest.field("spec")));
    }

    /** The {@code main} component of a spec with {@code replicas} (default 1) and a pod {@code template}. */
    static Component main(Cursor spec) {
        Cursor replicas = spec.field("replicas");
        return Component.of("main", replicas.count(1), replicas, PodRequests.of(spec.at("template.spec")));
    }
}
