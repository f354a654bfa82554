package io.fedstream.decide;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.dlq.DeadLetter;

/** One output of the admit processor, routed by type to its topic; the record key is the output topic's key. */
sealed interface AdmitOutcome {

    /** A binding with its admission state for {@code fedstream.bindings}; null removes it (a tombstone). */
    record Binding(ResourceBinding binding) implements AdmitOutcome {}

    /** A quota's status for {@code fedstream.quota-status}; null when the quota was deleted. */
    record Status(QuotaStatus status) implements AdmitOutcome {}

    /** One decision for {@code fedstream.audit}. */
    record Audit(AuditEvent event) implements AdmitOutcome {}

    /** A refused quota version for the dead-letter topic: its original bytes and why. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements AdmitOutcome {}
}
