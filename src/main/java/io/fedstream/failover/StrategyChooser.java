package io.fedstream.failover;

import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.WorkloadStatusEvent;

import java.util.List;
import java.util.Optional;

/** Picks a workload's migration strategy: the first rule of the chain that answers, else GRACEFUL_SHUTDOWN. */
public final class StrategyChooser {

    private final List<StrategyRule> rules;

    public StrategyChooser(List<StrategyRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Checkpoints before offsets: a Flink job that also reports offsets restores from its checkpoint, which holds them. */
    public static StrategyChooser defaults() {
        return new StrategyChooser(List.of(StrategyRule.checkpointing(), StrategyRule.kafkaConsumer()));
    }

    public MigrationStrategy choose(Workload workload, WorkloadStatusEvent latestStatus) {
        for (StrategyRule rule : rules) {
            Optional<MigrationStrategy> strategy = rule.decide(workload, latestStatus);
            if (strategy.isPresent()) {
                return strategy.get();
            }
        }
        return MigrationStrategy.GRACEFUL_SHUTDOWN;
    }
}
