package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.dlq.DeadLetter;

/** One input of the namespace pass, whichever topic it came from; keyed by workload unless it says otherwise. */
public sealed interface PassSignal {

    /** A workload's manifest changed or it was deleted ({@code event} null: a tombstone). */
    record WorkloadChanged(WorkloadEvent event) implements PassSignal {
    }

    /** What a running workload reported: checkpoints, offsets, its status. */
    record StatusReported(WorkloadStatusEvent status) implements PassSignal {
    }

    /**
     * A state delta was written on its namespace's partition; its partition and offset are the record's own. The payload
     * is kept (as read, not copied) for the dead letter of one that cannot be indexed.
     */
    record DeltaWritten(byte[] payload) implements PassSignal {

        long bytes() {
            return payload == null ? 0 : payload.length;
        }
    }

    /** A record refused before the pass (a state delta written to another partition than its namespace's): its dead letter. */
    record Refused(DeadLetter letter, byte[] originalValue) implements PassSignal {
    }

    /** The executor reported a migration's progress. */
    record MigrationReported(MigrationEvent event) implements PassSignal {
    }

    /** A policy changed ({@code event} a DELETE or null: gone); keyed {@code kind/namespace/name}. */
    record PolicyChanged(PolicyEvent event) implements PassSignal {
    }

    /** A member cluster's view changed (state, heartbeat, refusal); keyed by cluster, every partition receives it. */
    record ClusterViewChanged(ClusterWatch view) implements PassSignal {
    }

    /** A cluster's allocator granted this task room, answered its request, or asks room back; keyed by cluster. */
    record LeaseGranted(LeaseGrant grant) implements PassSignal {
    }

    /** A member cluster changed state; every partition receives it. */
    record ClusterChanged(ClusterStateEvent event) implements PassSignal {
    }
}
