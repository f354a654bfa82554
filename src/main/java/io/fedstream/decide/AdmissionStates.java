package io.fedstream.decide;

import io.fedstream.admit.AdmittedWorkload;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Ledger;
import io.fedstream.admit.Violation;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Placement;
import io.fedstream.avro.QuotaRejection;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** Writes a ledger decision into a binding's admission state, the way {@code fedstream.bindings} shows it. */
final class AdmissionStates {

    private AdmissionStates() {}

    /** The admitted version runs where it asked to: its requested placement becomes the placement. */
    static ResourceBinding admitted(ResourceBinding binding, Decision.Admitted decision, long now) {
        return decided(binding, requestedPlacement(binding), now, Admission.newBuilder()
                .setState(AdmissionState.ADMITTED)
                .setCharged(decision.charged().overall().toQuantities())
                .setChargedGeneration(decision.generation())
                .setDecidedAt(Instant.ofEpochMilli(now))
                .build());
    }

    /**
     * {@code admitted} noting the clusters whose static assignments cannot hold a copy of it at the time of the
     * decision ({@code admission.fullStaticAssignments}); for a placed version, only clusters outside its placement
     * (where a failover could send it). The place and fail-over steps read the note from the binding and try those
     * clusters last (docs/placement.md). As it is when no static assignment outside its placement is full for it.
     */
    static ResourceBinding notingFullStaticAssignments(ResourceBinding admitted, Ledger ledger) {
        List<String> full = ledger.fullStaticAssignments(admitted.getNamespace(),
                cluster -> BindingDemand.copyOn(admitted, cluster));
        if (admitted.getPlacement() != null && !full.isEmpty()) {
            // Where it runs already, the namespace's usage counts its own charge: a further copy there is no question.
            Set<String> placed = admitted.getPlacement().getClusters().stream().map(ClusterTarget::getName)
                    .collect(Collectors.toSet());
            full = full.stream().filter(cluster -> !placed.contains(cluster)).toList();
        }
        if (full.isEmpty()) {
            return admitted;
        }
        return with(admitted, Admission.newBuilder(admitted.getAdmission()).setFullStaticAssignments(full).build());
    }

    /**
     * A rejected version holds no placement: the binding shows where the still charged version runs
     * ({@code chargedPlacement}, null when none runs anywhere) and keeps the rejected version's own placement as
     * requested, for when it is admitted.
     */
    static ResourceBinding rejected(ResourceBinding binding, Decision.Rejected decision, Placement chargedPlacement, long now) {
        Optional<AdmittedWorkload> still = Optional.ofNullable(decision.stillCharged());
        return decided(binding, chargedPlacement, now, Admission.newBuilder()
                .setState(AdmissionState.REJECTED)
                .setRequestedPlacement(requestedPlacement(binding))
                .setReason(decision.violations().get(0).message()
                        + (decision.violations().size() > 1 ? " (and " + (decision.violations().size() - 1) + " more)" : ""))
                .setRejections(decision.violations().stream().map(AdmissionStates::rejection).toList())
                .setCharged(charged(still))
                .setChargedGeneration(still.map(AdmittedWorkload::generation).orElse(null))
                .setDecidedAt(Instant.ofEpochMilli(now))
                .build());
    }

    /**
     * A version that cannot be charged: an uninterpreted one waits (its requirements are unknown, so it is never
     * counted as zero) and an invalid one is not applicable; an earlier admitted version stays charged.
     */
    static ResourceBinding notChargeable(ResourceBinding binding, Optional<AdmittedWorkload> still, Placement chargedPlacement, long now) {
        boolean invalid = binding.getInterpretation().getState() == InterpretationState.INVALID;
        return decided(binding, chargedPlacement, now, Admission.newBuilder()
                .setState(invalid ? AdmissionState.NOT_APPLICABLE : AdmissionState.PENDING)
                .setReason(invalid
                        ? "invalid manifest: nothing of this version can be charged"
                        : "uninterpreted: its requirements are unknown, so it cannot be admitted against quota")
                .setCharged(charged(still))
                .setChargedGeneration(still.map(AdmittedWorkload::generation).orElse(null))
                .setDecidedAt(Instant.ofEpochMilli(now))
                .build());
    }

    /**
     * The binding with the admission state of the version before it, until the ledger decides about it; its own
     * placement stays its requested one ({@link #requestedPlacement}).
     */
    static ResourceBinding carriedOver(ResourceBinding binding, ResourceBinding previous) {
        if (previous == null) {
            return binding;
        }
        Placement own = binding.getPlacement();
        return withRequestedPlacement(with(binding, previous.getAdmission()), own);
    }

    /** Where this version of the workload asks to run: its placement, or while it is REJECTED its requested one. */
    static Placement requestedPlacement(ResourceBinding binding) {
        return binding.getAdmission().getState() == AdmissionState.REJECTED
                ? binding.getAdmission().getRequestedPlacement()
                : binding.getPlacement();
    }

    /** The binding whose version asks to run at {@code placement}; a REJECTED binding keeps showing its charged placement. */
    static ResourceBinding withRequestedPlacement(ResourceBinding binding, Placement placement) {
        if (binding.getAdmission().getState() != AdmissionState.REJECTED) {
            return changed(binding, copy -> placeAt(copy, binding, placement));
        }
        return with(binding, Admission.newBuilder(binding.getAdmission()).setRequestedPlacement(placement).build());
    }

    /** {@code copy}, a copy of {@code binding}, now placed at {@code placement} (null: unplaced, for the binding's reason). */
    private static void placeAt(ResourceBinding copy, ResourceBinding binding, Placement placement) {
        copy.setPlacement(placement);
        copy.setUnplacedReason(placement == null ? binding.getUnplacedReason() : null);
    }

    static QuotaRejection rejection(Violation violation) {
        return QuotaRejection.newBuilder()
                .setQuota(violation.quota())
                .setCluster(violation.cluster())
                .setResource(violation.resource())
                .setHard(quantity(violation.resource(), violation.hard()))
                .setUsed(quantity(violation.resource(), violation.used()))
                .setRequested(quantity(violation.resource(), violation.requested()))
                .build();
    }

    static String quantity(String resource, long amount) {
        return Resources.of(Map.of(resource, amount)).toQuantities().get(resource);
    }

    private static Map<String, String> charged(Optional<AdmittedWorkload> still) {
        return still.map(a -> (Map<String, String>) a.charge().overall().toQuantities()).orElse(Map.of());
    }

    private static ResourceBinding with(ResourceBinding binding, Admission admission) {
        return changed(binding, copy -> copy.setAdmission(admission));
    }

    /**
     * The binding placed at {@code placement} with the admission decided at {@code now}, which is also when the binding
     * was last updated: one copy, where placing then deciding made two for every decision.
     */
    private static ResourceBinding decided(ResourceBinding binding, Placement placement, long now, Admission admission) {
        return changed(binding, copy -> {
            placeAt(copy, binding, placement);
            copy.setAdmission(admission);
            copy.setUpdatedAt(Instant.ofEpochMilli(now));
        });
    }

    /**
     * A copy of the binding with {@code change} made to its own fields; the values it does not change are shared, not
     * copied. Nothing changes a binding's maps, lists or nested records in place, and Avro's {@code newBuilder(binding)}
     * copied every one of them: 4-5% of the workload stream thread in a profile of 100,000 workloads
     * (docs/benchmarks.md).
     */
    static ResourceBinding changed(ResourceBinding binding, Consumer<ResourceBinding> change) {
        ResourceBinding copy = new ResourceBinding();
        int fields = ResourceBinding.getClassSchema().getFields().size();
        for (int i = 0; i < fields; i++) {
            copy.put(i, binding.get(i));
        }
        change.accept(copy);
        return copy;
    }
}
