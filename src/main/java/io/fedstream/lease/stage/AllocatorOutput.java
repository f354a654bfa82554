package io.fedstream.lease.stage;

import io.fedstream.avro.LeaseGrant;
import io.fedstream.dlq.DeadLetter;

/** One output of the allocator, routed by type to its topic; the record key is the cluster name. */
sealed interface AllocatorOutput {

    /** For {@code fedstream.lease-grants}, to the partition of the task it is for. */
    record Grant(LeaseGrant grant) implements AllocatorOutput {
    }

    /** A request that cannot be taken in: its original bytes (null for a tombstone) and why. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements AllocatorOutput {
    }
}
