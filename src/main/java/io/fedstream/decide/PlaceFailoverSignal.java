package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.dlq.DeadLetter;
import java.util.ArrayList;
import java.util.List;

/** One input of the place-and-fail-over processor, whichever topic it came from; all but ClusterChanged are keyed by workload. */
public sealed interface PlaceFailoverSignal {

    /**
     * A binding as the admit stage wrote it, decoded, and the bytes it came in (the Confluent wire format), which the
     * task stores as they are; both null when the workload was deleted.
     */
    record BindingChanged(ResourceBinding binding, byte[] bytes) implements PlaceFailoverSignal {
    }

    /** A record of {@code fedstream.bindings} that cannot be decoded: its dead letter and its bytes. */
    record BindingUndecodable(DeadLetter letter, byte[] bytes) implements PlaceFailoverSignal {
    }

    /** What a running workload reported: checkpoints, offsets, its status. */
    record StatusReported(WorkloadStatusEvent status) implements PlaceFailoverSignal {
    }

    /** A state delta was written; its partition and offset are the record's own. */
    record DeltaWritten(long bytes) implements PlaceFailoverSignal {
    }

    /** The executor reported a migration's progress. */
    record MigrationReported(MigrationEvent event) implements PlaceFailoverSignal {
    }

    /** A member cluster changed state; every partition receives it. */
    record ClusterChanged(ClusterStateEvent event) implements PlaceFailoverSignal {
    }

    /** The cluster's reserving processor answered a RESERVE request, or a batch of them. */
    record ReservationAnswered(ReservationAnswer answer) implements PlaceFailoverSignal {

        /** Every answer the record carries, in the order they were asked. */
        List<ReservationAnswer> answers() {
            List<ReservationAnswer> all = new ArrayList<>(1 + answer.getBatch().size());
            all.add(answer);
            all.addAll(answer.getBatch());
            return all;
        }
    }
}
