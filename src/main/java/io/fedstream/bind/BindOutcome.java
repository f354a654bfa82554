package io.fedstream.bind;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.dlq.DeadLetter;

/** What the bind stage emits for one workload event: a binding, a removal, or a dead letter. */
sealed interface BindOutcome {

    /** The workload's current binding, for the bindings topic. */
    record Bound(ResourceBinding binding) implements BindOutcome {}

    /** The workload was deleted: a tombstone on the bindings topic. */
    record Removed() implements BindOutcome {}

    /** The event was bad: its original bytes go to the dead-letter topic with the letter's headers. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements BindOutcome {}

    /** The value for the bindings topic: the binding, or null (a tombstone) for a removal. */
    default ResourceBinding bindingOrTombstone() {
        return this instanceof Bound bound ? bound.binding() : null;
    }
}
