package io.fedstream.metrics;

import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The migration gauges: commands by phase, strategy and action, and the bytes their MIGRATE commands relay, over the
 * commands held in this instance's namespace tasks. Each task tallies the commands of the workload records it writes
 * ({@link Tally}), so that a scrape reads a few numbers, not every workload's record.
 */
public final class MigrationGauges {

    /** Gauge, tags {@code phase}, {@code strategy}, {@code action}. */
    static final String MIGRATIONS = "fedstream.migrations";
    /** Gauge, tag {@code mode}: incremental (deltas replayed) or full (the state a full copy would move). */
    static final String RELAY_BYTES = "fedstream.relay.bytes";
    private static final String INCREMENTAL = "incremental";
    private static final String FULL = "full";

    /** Per namespace partition active here, its tallied counts by series (phase/strategy/action, or a relay mode). */
    private final Map<Integer, Map<String, Long>> partitions = new ConcurrentHashMap<>();

    MigrationGauges(MeterRegistry registry) {
        for (MigrationRecordPhase phase : MigrationRecordPhase.values()) {
            for (MigrationStrategy strategy : MigrationStrategy.values()) {
                for (MigrationAction action : MigrationAction.values()) {
                    String series = series(phase, strategy, action);
                    Gauge.builder(MIGRATIONS, this, gauges -> gauges.sum(series))
                            .description("Migration commands by phase, strategy and action (this instance's partitions)")
                            .tag("phase", phase.name()).tag("strategy", strategy.name()).tag("action", action.name())
                            .strongReference(true).register(registry);
                }
            }
        }
        for (String mode : List.of(INCREMENTAL, FULL)) {
            Gauge.builder(RELAY_BYTES, this, gauges -> gauges.sum(mode))
                    .description("State the migration commands relay: deltas since the checkpoint (incremental) against the full state")
                    .tag("mode", mode).baseUnit("bytes").strongReference(true).register(registry);
        }
    }

    /** A fresh tally for the task of {@code partition}, replacing what an earlier task of the partition tallied here. */
    Tally tally(int partition) {
        Map<String, Long> counts = new ConcurrentHashMap<>();
        partitions.put(partition, counts);
        return new Tally(partition, counts);
    }

    private double sum(String series) {
        long sum = 0;
        for (Map<String, Long> counts : partitions.values()) {
            sum += counts.getOrDefault(series, 0L);
        }
        return sum;
    }

    private static String series(MigrationRecordPhase phase, MigrationStrategy strategy, MigrationAction action) {
        return phase + "/" + strategy + "/" + action;
    }

    /**
     * One namespace task's commands, as the records it wrote hold them. The task's stream thread changes it; a scrape
     * reads the counts.
     */
    public final class Tally {

        private final int partition;
        private final Map<String, Long> counts;
        /** Per workload with commands, the series each of its commands counts in, and its relayed bytes. */
        private final Map<String, Map<String, Long>> byWorkload = new HashMap<>();

        private Tally(int partition, Map<String, Long> counts) {
            this.partition = partition;
            this.counts = counts;
        }

        /** The workload's record now holds these commands (none: the record is gone or holds none). */
        public void holds(String workloadKey, Collection<MigrationRecord> migrations) {
            Map<String, Long> now = migrations.isEmpty() ? Map.of() : contribution(migrations);
            Map<String, Long> before = now.isEmpty() ? byWorkload.remove(workloadKey) : byWorkload.put(workloadKey, now);
            if (before != null) {
                before.forEach((series, amount) -> counts.merge(series, -amount, Long::sum));
            }
            now.forEach((series, amount) -> counts.merge(series, amount, Long::sum));
        }

        /** The task closed: its partition's commands are counted where it runs next. */
        public void close() {
            partitions.remove(partition, counts);
        }

        private static Map<String, Long> contribution(Collection<MigrationRecord> migrations) {
            Map<String, Long> contribution = new HashMap<>();
            for (MigrationRecord migration : migrations) {
                MigrationCommand command = migration.getCommand();
                contribution.merge(series(migration.getPhase(), command.getStrategy(), command.getAction()), 1L, Long::sum);
                if (command.getAction() == MigrationAction.MIGRATE) {
                    contribution.merge(INCREMENTAL, command.getIncrementalBytes(), Long::sum);
                    contribution.merge(FULL, command.getFullStateBytes(), Long::sum);
                }
            }
            return contribution;
        }
    }
}
