package io.fedstream.admit.stage;

import io.fedstream.admit.AdmittedWorkload;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Violation;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.QuotaRejection;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** Writes a ledger decision into a binding's admission state, the way {@code fedstream.bindings} shows it. */
final class AdmissionStates {

    private AdmissionStates() {}

    static ResourceBinding admitted(ResourceBinding binding, Decision.Admitted decision, long now) {
        return with(binding, Admission.newBuilder()
                .setState(AdmissionState.ADMITTED)
                .setCharged(decision.charged().overall().toQuantities())
                .setChargedGeneration(decision.generation())
                .setDecidedAt(Instant.ofEpochMilli(now))
                .build());
    }

    static ResourceBinding rejected(ResourceBinding binding, Decision.Rejected decision, long now) {
        Optional<AdmittedWorkload> still = Optional.ofNullable(decision.stillCharged());
        return with(binding, Admission.newBuilder()
                .setState(AdmissionState.REJECTED)
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
    static ResourceBinding notChargeable(ResourceBinding binding, Optional<AdmittedWorkload> still, long now) {
        boolean invalid = binding.getInterpretation().getState() == InterpretationState.INVALID;
        return with(binding, Admission.newBuilder()
                .setState(invalid ? AdmissionState.NOT_APPLICABLE : AdmissionState.PENDING)
                .setReason(invalid
                        ? "invalid manifest: nothing of this version can be charged"
                        : "uninterpreted: its requirements are unknown, so it cannot be admitted against quota")
                .setCharged(charged(still))
                .setChargedGeneration(still.map(AdmittedWorkload::generation).orElse(null))
                .setDecidedAt(Instant.ofEpochMilli(now))
                .build());
    }

    /** The binding with the admission state of the version before it, until the ledger decides about it. */
    static ResourceBinding carriedOver(ResourceBinding binding, ResourceBinding previous) {
        return previous == null ? binding : with(binding, previous.getAdmission());
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
        return ResourceBinding.newBuilder(binding).setAdmission(admission).build();
    }
}
