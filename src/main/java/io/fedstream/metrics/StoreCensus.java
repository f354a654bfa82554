package io.fedstream.metrics;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.stage.WatchClustersStage;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The cluster gauges, read from this instance's cluster-watch store when Prometheus scrapes: clusters by state. Summed
 * over the instances, they count the whole fleet; no stage records them.
 */
final class StoreCensus {

    /** Gauge, tag {@code state} (READY, SUSPECT, FAILED, RECOVERING). */
    static final String CLUSTERS = "fedstream.clusters";

    /** One scrape reads every gauge; a count this young is reused instead of scanning the store once per gauge. */
    private static final Duration FRESH = Duration.ofSeconds(1);

    private final KafkaStreams health;
    private Map<ClusterState, Long> counts = new EnumMap<>(ClusterState.class);
    private long countedAtNanos;

    StoreCensus(KafkaStreams health) {
        this.health = health;
    }

    void bindTo(MeterRegistry registry) {
        for (ClusterState state : ClusterState.values()) {
            // Nothing else holds the census: a weakly held one would be collected and its gauges read NaN.
            Gauge.builder(CLUSTERS, this, census -> census.counts().getOrDefault(state, 0L))
                    .description("Member clusters by state (this instance's partitions)").strongReference(true)
                    .tag("state", state.name()).register(registry);
        }
    }

    private synchronized Map<ClusterState, Long> counts() {
        if (System.nanoTime() - countedAtNanos > FRESH.toNanos()) {
            counts = count();
            countedAtNanos = System.nanoTime();
        }
        return counts;
    }

    private Map<ClusterState, Long> count() {
        if (health.state() != KafkaStreams.State.RUNNING) {
            // The store is not queryable while the stream starts, rebalances or stops; the last counts stand meanwhile.
            return counts;
        }
        Map<ClusterState, Long> fresh = new EnumMap<>(ClusterState.class);
        try (KeyValueIterator<String, ClusterWatch> all = health.store(StoreQueryParameters.fromNameAndType(WatchClustersStage.STORE,
                QueryableStoreTypes.<String, ClusterWatch>keyValueStore())).all()) {
            all.forEachRemaining(entry -> fresh.merge(entry.value.getState(), 1L, Long::sum));
        } catch (InvalidStateStoreException e) {
            return counts;
        }
        return fresh;
    }
}
