package io.fedstream.metrics;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.decide.Workloads;
import io.fedstream.health.stage.WatchClustersStage;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Gauges read from this instance's active partitions of the cluster-watch and workloads stores (the migrations are in the
 * workloads' records) when Prometheus scrapes: clusters by state, migrations by phase, strategy and action, and the bytes
 * their commands relay. Summed over the instances, they count the whole fleet; no stage records them.
 */
final class StoreCensus {

    /** Gauge, tag {@code state} (READY, SUSPECT, FAILED, RECOVERING). */
    static final String CLUSTERS = "fedstream.clusters";
    /** Gauge, tags {@code phase}, {@code strategy}, {@code action}. */
    static final String MIGRATIONS = "fedstream.migrations";
    /** Gauge, tag {@code mode}: incremental (deltas replayed) or full (the state a full copy would move). */
    static final String RELAY_BYTES = "fedstream.relay.bytes";

    /** One scrape reads every gauge; a count this young is reused instead of scanning the stores once per gauge. */
    private static final Duration FRESH = Duration.ofSeconds(1);

    private final KafkaStreams workloads;
    private final KafkaStreams health;
    private Counts counts = new Counts();
    private long countedAtNanos;

    /** Migrations are in the workload client's stores, clusters in the health client's. */
    StoreCensus(KafkaStreams workloads, KafkaStreams health) {
        this.workloads = workloads;
        this.health = health;
    }

    void bindTo(MeterRegistry registry) {
        for (ClusterState state : ClusterState.values()) {
            gauge(CLUSTERS, "Member clusters by state (this instance's partitions)",
                    c -> c.clusters.getOrDefault(state, 0L)).tag("state", state.name()).register(registry);
        }
        for (MigrationRecordPhase phase : MigrationRecordPhase.values()) {
            for (MigrationStrategy strategy : MigrationStrategy.values()) {
                for (MigrationAction action : MigrationAction.values()) {
                    String key = phase + "/" + strategy + "/" + action;
                    gauge(MIGRATIONS, "Migration commands by phase, strategy and action (this instance's partitions)",
                            c -> c.migrations.getOrDefault(key, 0L))
                            .tag("phase", phase.name()).tag("strategy", strategy.name()).tag("action", action.name()).register(registry);
                }
            }
        }
        gauge(RELAY_BYTES, "State the migration commands relay: deltas since the checkpoint (incremental)"
                + " against the full state", c -> c.incrementalBytes).tag("mode", "incremental").baseUnit("bytes").register(registry);
        gauge(RELAY_BYTES, "State the migration commands relay: deltas since the checkpoint (incremental)"
                + " against the full state", c -> c.fullBytes).tag("mode", "full").baseUnit("bytes").register(registry);
    }

    private Gauge.Builder<StoreCensus> gauge(String name, String description, ToDoubleFunction<Counts> value) {
        // Nothing else holds the census: a weakly held one would be collected and its gauges read NaN.
        return Gauge.builder(name, this, census -> value.applyAsDouble(census.counts())).description(description).strongReference(true);
    }

    private synchronized Counts counts() {
        if (System.nanoTime() - countedAtNanos > FRESH.toNanos()) {
            counts = count();
            countedAtNanos = System.nanoTime();
        }
        return counts;
    }

    private Counts count() {
        Counts fresh = new Counts();
        if (workloads.state() != KafkaStreams.State.RUNNING || health.state() != KafkaStreams.State.RUNNING) {
            // Stores are not queryable while the streams start, rebalance or stop; the last counts stand meanwhile.
            return counts;
        }
        try {
            try (KeyValueIterator<String, ClusterWatch> all = StoreCensus.<ClusterWatch>store(health, WatchClustersStage.STORE).all()) {
                all.forEachRemaining(entry -> fresh.clusters.merge(entry.value.getState(), 1L, Long::sum));
            }
            try (KeyValueIterator<String, WorkloadRecord> all = StoreCensus.<WorkloadRecord>store(workloads, Workloads.STORE).all()) {
                all.forEachRemaining(entry -> entry.value.getMigrations().values().forEach(fresh::add));
            }
        } catch (InvalidStateStoreException e) {
            return counts;
        }
        return fresh;
    }

    private static <V> ReadOnlyKeyValueStore<String, V> store(KafkaStreams streams, String name) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }

    /** One scan's numbers. */
    private static final class Counts {
        final Map<ClusterState, Long> clusters = new EnumMap<>(ClusterState.class);
        final Map<String, Long> migrations = new HashMap<>();
        long incrementalBytes;
        long fullBytes;

        void add(MigrationRecord migration) {
            MigrationCommand command = migration.getCommand();
            migrations.merge(migration.getPhase() + "/" + command.getStrategy() + "/" + command.getAction(), 1L, Long::sum);
            if (command.getAction() == MigrationAction.MIGRATE) {
                incrementalBytes += command.getIncrementalBytes();
                fullBytes += command.getFullStateBytes();
            }
        }
    }
}
