package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;

/** One input of the namespace pass, whichever topic it came from; all but ClusterChanged are keyed by workload. */
public sealed interface PassSignal {

    /** A workload's manifest changed or it was deleted ({@code event} null: a tombstone). */
    record WorkloadChanged(WorkloadEvent event) implements PassSignal {
    }

    /** What a running workload reported: checkpoints, offsets, its status. */
    record StatusReported(WorkloadStatusEvent status) implements PassSignal {
    }

    /** A state delta was written; its partition and offset are the record's own. */
    record DeltaWritten(long bytes) implements PassSignal {
    }

    /** The executor reported a migration's progress. */
    record MigrationReported(MigrationEvent event) implements PassSignal {
    }

    /** A member cluster changed state; every partition receives it. */
    record ClusterChanged(ClusterStateEvent event) implements PassSignal {
    }
}
