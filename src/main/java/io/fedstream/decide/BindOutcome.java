package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.dlq.DeadLetter;

/** What the bind stage emits for one workload event: a request to the admit stage, or a dead letter. */
sealed interface BindOutcome {

    /** A new binding or a removal, for the admit stage (keyed by namespace). */
    record Request(AdmissionRequest request) implements BindOutcome {}

    /** The event was bad: its original bytes go to the dead-letter topic with the letter's headers. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements BindOutcome {}
}
