package io.fedstream.admit.stage;

import io.fedstream.admit.Ledger;
import io.fedstream.avro.Admission;
import io.fedstream.avro.ResourceBinding;
import java.util.List;

/**
 * Notes on an admitted, unplaced binding the clusters whose static assignments cannot hold a copy of it at the time of
 * the decision ({@code admission.fullStaticAssignments}): the place stage, keyed by workload, cannot read the
 * namespace's quota usage, so the binding carries what it needs to try those clusters last (docs/placement.md).
 */
final class FullStaticAssignments {

    private FullStaticAssignments() {}

    /** {@code admitted} with the note, or as it is when it is placed or no static assignment is full for it. */
    static ResourceBinding noted(ResourceBinding admitted, Ledger ledger) {
        if (admitted.getPlacement() != null) {
            return admitted;
        }
        List<String> full = ledger.fullStaticAssignments(admitted.getNamespace(), cluster -> BindingDemand.copyOn(admitted, cluster));
        if (full.isEmpty()) {
            return admitted;
        }
        return ResourceBinding.newBuilder(admitted)
                .setAdmission(Admission.newBuilder(admitted.getAdmission()).setFullStaticAssignments(full).build())
                .build();
    }
}
