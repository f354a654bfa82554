package io.fedstream.decide;

import io.fedstream.admit.Ledger;
import io.fedstream.avro.Admission;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Notes on an admitted binding the clusters whose static assignments cannot hold a copy of it at the time of the
 * decision ({@code admission.fullStaticAssignments}); for a placed version, only clusters outside its placement (where
 * a failover could send it). The place and fail-over steps read the note from the binding and try those clusters last
 * (docs/placement.md).
 */
final class FullStaticAssignments {

    private FullStaticAssignments() {}

    /** {@code admitted} with the note, or as it is when no static assignment outside its placement is full for it. */
    static ResourceBinding noted(ResourceBinding admitted, Ledger ledger) {
        List<String> full = ledger.fullStaticAssignments(admitted.getNamespace(), cluster -> BindingDemand.copyOn(admitted, cluster));
        if (admitted.getPlacement() != null && !full.isEmpty()) {
            // Where it runs already, the namespace's usage counts its own charge: a further copy there is no question.
            Set<String> placed = admitted.getPlacement().getClusters().stream().map(ClusterTarget::getName).collect(Collectors.toSet());
            full = full.stream().filter(cluster -> !placed.contains(cluster)).toList();
        }
        if (full.isEmpty()) {
            return admitted;
        }
        return ResourceBinding.newBuilder(admitted)
                .setAdmission(Admission.newBuilder(admitted.getAdmission()).setFullStaticAssignments(full).build())
                .build();
    }
}
