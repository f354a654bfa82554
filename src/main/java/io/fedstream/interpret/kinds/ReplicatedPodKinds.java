package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequests;

import java.util.List;

/**
 * apps/v1 Deployment, ReplicaSet, StatefulSet and v1 ReplicationController: one component
 * {@code main} with {@code spec.replicas} (default 1) pods of {@code spec.template}.
 */
public final class ReplicatedPodKinds implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(
                KindRef.of("apps/v1", "Deployment"),
                KindRef.of("apps/v1", "ReplicaSet"),
                KindRef.of("apps/v1", "StatefulSet"),
                KindRef.of("v1", "ReplicationController"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        Cursor replicas = spec.field("replicas");
        return List.of(Component.of("main", replicas.count(1), replicas.path(), PodRequests.of(spec.at("template.spec"))));
    }
}
