package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.dlq.DeadLetter;

/** One output of the place-and-fail-over processor, routed to its topic by the stage. */
public sealed interface PlaceFailoverOutcome {

    /** To the cluster's reserving processor, keyed by cluster. */
    record Reserve(ReservationRequest request) implements PlaceFailoverOutcome {
    }

    /** To the admit stage, keyed by namespace: the workload's placement changed. */
    record Place(AdmissionRequest request) implements PlaceFailoverOutcome {
    }

    /** To fedstream.migrations, keyed by workload. */
    record Command(MigrationCommand command) implements PlaceFailoverOutcome {
    }

    /** To fedstream.audit, keyed by decision id. */
    record Audit(AuditEvent event) implements PlaceFailoverOutcome {
    }

    /** To the DLQ: the original bytes and why. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements PlaceFailoverOutcome {
    }
}
