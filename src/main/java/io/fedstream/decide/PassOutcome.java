package io.fedstream.decide;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.dlq.DeadLetter;

/** One output of the namespace pass, routed by type to its topic; the record's key is that topic's key. */
public sealed interface PassOutcome {

    /** A workload's binding as decided, for {@code fedstream.bindings}; null removes it (a tombstone). */
    record Binding(ResourceBinding binding) implements PassOutcome {
    }

    /** A quota's status for {@code fedstream.quota-status}; null when the quota was deleted. */
    record Status(QuotaStatus status) implements PassOutcome {
    }

    /** To fedstream.migrations, keyed by workload. */
    record Command(MigrationCommand command) implements PassOutcome {
    }

    /** To fedstream.audit, keyed by decision id. */
    record Audit(AuditEvent event) implements PassOutcome {
    }

    /** To a cluster's allocator, keyed by cluster: room this task asks for or gives back. */
    record LeaseAsked(LeaseRequest request) implements PassOutcome {
    }

    /** To the DLQ: the original bytes; why travels in the record's headers ({@link DeadLetter#headers}). */
    record DeadLettered(byte[] originalValue) implements PassOutcome {
    }
}
