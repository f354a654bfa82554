package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.serde.StoreEncodingCheck;
import io.fedstream.serde.StoredEncoding;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The stores of the place and fail-over steps, partitioned by namespace like the pass (the small ones in memory). A value
 * is a string (the indexes and markers) or Avro: a topic's record (a binding in the very bytes it came in), or a record
 * of schemas/internal, which a store of a domain type maps to and from (e.g. {@link PlacementStateAvro}).
 */
public final class PlaceFailoverStores {

    /** Workload key to its latest WorkloadStatusEvent. */
    public static final String STATUS = "workload-status-store";
    /** {@code workload key NUL offset} to a delta's size, and {@code workload key SOH} to the index's partition and truncation. */
    public static final String DELTAS = "state-deltas-index";
    /** Cluster to the transition that opened its current incident (SUSPECT or FAILED); every task holds all of them. */
    public static final String OPEN_INCIDENTS = "open-incidents-store";

    /**
     * {@code workload key NUL cluster} to the {@link ApplicationFailure} (as a {@link StoredApplicationFailure}) of a workload
     * unhealthy there, until its failover is over.
     */
    public static final String APPLICATION_FAILURES = "application-failures-store";

    /** PropagationPolicy key to the version of it last dead-lettered as refused. */
    public static final String REFUSED_POLICIES = "refused-propagation-policies-store";

    private PlaceFailoverStores() {}

    /** The serdes of the stores' own records (schemas/internal), which the composition root builds. */
    public record ValueSerdes(Serde<StoredApplicationFailure> applicationFailures,
                              Serde<WorkloadRecord> workloads) {}

    static String[] all() {
        return new String[] {STATUS, DELTAS, OPEN_INCIDENTS, REFUSED_POLICIES, APPLICATION_FAILURES};
    }

    /**
     * The stores of the steps' own records, each with the classifier of its values: Avro in the Confluent wire format,
     * where fedstream before commit 1af7201 wrote Jackson JSON ({@link StoreEncodingCheck}).
     */
    static Map<String, StoredEncoding.Classifier> encodings() {
        StoredEncoding.Classifier avroAfterJson = StoreEncodingCheck.confluentAvroAfterJson("1af7201");
        return Map.of(APPLICATION_FAILURES, avroAfterJson);
    }

    static void addTo(StreamsBuilder builder, Serde<WorkloadStatusEvent> statuses, Serde<ClusterStateEvent> transitions, ValueSerdes values) {
        add(builder, STATUS, statuses);
        add(builder, DELTAS, Serdes.String());
        addSmall(builder, OPEN_INCIDENTS, transitions);
        addSmall(builder, REFUSED_POLICIES, Serdes.String());
        addSmall(builder, APPLICATION_FAILURES, ApplicationFailureAvro.serde(values.applicationFailures()));
    }

    private static <V> void add(StreamsBuilder builder, String name, Serde<V> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values));
    }

    /**
     * A store that holds a handful of entries (open incidents, workloads waiting for room, ...) lives in memory, restored
     * from its changelog like the others: every RocksDB store costs each task about 50 ms of CPU to open at start
     * (docs/benchmarks.md, "Start-up").
     */
    private static <V> void addSmall(StreamsBuilder builder, String name, Serde<V> values) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values));
    }
}
