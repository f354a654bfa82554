package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequests;

import java.util.List;

/** v1 Pod: one component {@code pod} with one replica and the pod's own spec. */
public final class PodKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("v1", "Pod"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        return List.of(Component.of("pod", 1, spec, PodRequests.of(spec)));
    }
}
