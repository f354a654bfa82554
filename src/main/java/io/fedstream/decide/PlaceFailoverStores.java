package io.fedstream.decide;

import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.WorkloadStatusEvent;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The stores of the place and fail-over steps, partitioned by namespace like the pass (their small state is in sections
 * of {@link PassState}). A value is a string (the indexes and markers) or Avro: a topic's record (a binding in the very
 * bytes it came in), or a record of schemas/internal, which a store of a domain type maps to and from (e.g.
 * {@link PlacementStates}).
 */
public final class PlaceFailoverStores {

    /** Workload key to its latest WorkloadStatusEvent. */
    public static final String STATUS = "workload-status-store";
    /** {@code workload key NUL offset} to a delta's size, and {@code workload key SOH} to the index's partition and truncation. */
    public static final String DELTAS = "state-deltas-index";

    private PlaceFailoverStores() {}

    /** The serdes of the stores' own records (schemas/internal), which the composition root builds. */
    public record ValueSerdes(Serde<StoredApplicationFailure> applicationFailures,
                              Serde<WorkloadRecord> workloads) {}

    static void addTo(StreamsBuilder builder, Serde<WorkloadStatusEvent> statuses) {
        add(builder, STATUS, statuses);
        add(builder, DELTAS, Serdes.String());
    }

    private static <V> void add(StreamsBuilder builder, String name, Serde<V> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values));
    }
}
