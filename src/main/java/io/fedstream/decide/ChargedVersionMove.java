package io.fedstream.decide;

import io.fedstream.admit.AdmittedWorkload;
import io.fedstream.admit.Charge;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Ledger;
import io.fedstream.avro.Admission;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Map;

/**
 * A completed migration of a workload whose latest version is not the admitted one (a newer version waits in the quota
 * queue, or cannot be charged): the admitted version runs where the migration took it, so its placement and its charge
 * move there, and a queued newer version asks to run there too. Overall and per-cluster books then agree with where the
 * workload runs (docs/admission.md, "Consistent books").
 */
final class ChargedVersionMove {

    private final Ledger ledger;
    private final AdmittedBindings admittedBindings;
    private final AggregatesUpdater aggregates;

    ChargedVersionMove(Ledger ledger, AdmittedBindings admittedBindings, AggregatesUpdater aggregates) {
        this.ledger = ledger;
        this.admittedBindings = admittedBindings;
        this.aggregates = aggregates;
    }

    /** The binding to show until the ledger decides again, and the queue's decisions after the move. */
    record Moved(ResourceBinding shown, List<Decision> decisions) {}

    /** Whether {@code latest} is newer than the version the ledger charges (and one is charged). */
    boolean behindLatest(ResourceBinding latest) {
        ResourceBinding charged = admittedBindings.get(latest.getWorkloadKey());
        return charged != null && charged.getGeneration() < latest.getGeneration();
    }

    /**
     * Moves the charged version to {@code placement}; {@code latest} is the workload's latest version with
     * {@code placement} as its requested one.
     */
    Moved move(ResourceBinding latest, Placement placement) {
        String key = latest.getWorkloadKey();
        ResourceBinding charged = admittedBindings.get(key);
        ResourceBinding moved = ResourceBinding.newBuilder(charged).setPlacement(placement).setUnplacedReason(null).build();
        Charge queued = latest.getInterpretation().getState() == InterpretationState.INTERPRETED ? BindingDemand.charge(latest) : Charge.NONE;
        List<Decision> decisions = ledger.moveBehind(latest.getNamespace(), key, BindingDemand.charge(moved), queued);
        aggregates.replace(charged, moved);
        admittedBindings.replaceApart(key, moved);
        Map<String, String> chargedNow = ledger.admitted(key).map(AdmittedWorkload::charge)
                .map(c -> (Map<String, String>) c.overall().toQuantities()).orElse(Map.of());
        ResourceBinding shown = ResourceBinding.newBuilder(latest).setPlacement(placement).setUnplacedReason(null)
                .setAdmission(Admission.newBuilder(latest.getAdmission()).setCharged(chargedNow).build())
                .build();
        return new Moved(shown, decisions);
    }
}
