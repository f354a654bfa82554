package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;

import java.util.ArrayList;
import java.util.List;

/**
 * leaderworkerset.x-k8s.io/v1 LeaderWorkerSet: {@code replicas} (1) groups of one leader pod
 * ({@code leaderTemplate}, else {@code workerTemplate}) and size - 1 worker pods
 * ({@code workerTemplate}); a group of size 1 has no workers, so no {@code worker} component.
 */
public final class LeaderWorkerSetKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        Cursor replicas = spec.field("replicas");
        long groups = replicas.count(1);
        Cursor template = spec.field("leaderWorkerTemplate");
        Cursor sizeField = template.field("size");
        long size = sizeField.count(1);
        if (size < 1) {
            sizeField.error("must be at least 1");
        }
        // The worker template is required even for groups of size 1, where it serves only a missing leader template.
        PodRequest workerPod = PodRequests.of(template.at("workerTemplate.spec"));
        Cursor leaderTemplate = template.field("leaderTemplate");
        PodRequest leaderPod = leaderTemplate.isPresent() ? PodRequests.of(leaderTemplate.field("spec")) : workerPod;
        List<Component> out = new ArrayList<>();
        out.add(Component.of("leader", groups, replicas, leaderPod));
        // The LWS pod controller creates no worker StatefulSet for groups of size 1.
        if (size > 1) {
            // Both factors are 32-bit counts, so the product fits a long.
            out.add(Component.of("worker", groups * (size - 1), sizeField, workerPod));
        }
        return out;
    }
}
