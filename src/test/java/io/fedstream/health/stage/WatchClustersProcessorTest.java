package io.fedstream.health.stage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.health.ClusterHealthMachine;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.MigrationBrakeRule;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The processor alone, its punctuator fired by hand: what it does after a restart, when it did not watch for a while
 * and the heartbeats it holds are an hour old.
 */
class WatchClustersProcessorTest {

    private static final Instant LAST_SEEN = Instant.parse("2026-11-29T10:00:00Z");
    private static final long RESTART = LAST_SEEN.plus(Duration.ofHours(1)).toEpochMilli();

    private final AvroSerdes serdes = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
    private final MockProcessorContext<String, HealthOutcome> context = new MockProcessorContext<>();
    private KeyValueStore<String, ClusterWatch> store;
    private WatchClustersProcessor processor;

    @BeforeEach
    void restartWithTwoReadyClustersLastSeenAnHourAgo() {
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(WatchClustersStage.STORE), Serdes.String(),
                serdes.specific(ClusterWatch.class, false)).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        ClusterHealthMachine machine = new ClusterHealthMachine(HealthSettings.defaults());
        for (String cluster : List.of("member1", "member2")) {
            store.put(cluster, machine.onHeartbeat(null, heartbeat(cluster, LAST_SEEN), LAST_SEEN.toEpochMilli()).watch());
        }
        context.setCurrentSystemTimeMs(RESTART);
        processor = new WatchClustersProcessor(HealthSettings.defaults(), "fedstream.cluster-health", FedstreamMetrics.create());
        processor.init(context);
    }

    @Test
    void theCheckIsScheduledOnTheWallClockEveryCheckInterval() {
        assertThat(context.scheduledPunctuators()).singleElement().satisfies(punctuator -> {
            assertThat(punctuator.getInterval()).isEqualTo(Duration.ofSeconds(1));
            assertThat(punctuator.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        });
    }

    @Test
    void whileOnlyHourOldHeartbeatsAreKnownTheInputLagsNoClusterChangesAndTheBrakeHolds() {
        check(RESTART + 60_000);

        assertThat(store.get("member1").getState()).isEqualTo(ClusterState.READY);
        assertThat(store.get("member2").getState()).isEqualTo(ClusterState.READY);
        assertThat(outcomes()).noneMatch(outcome -> outcome instanceof HealthOutcome.Transition);
        assertThat(store.get("member1").getBrake().getReason()).isEqualTo(MigrationBrakeRule.INPUT_LAG);
        assertThat(outcomes()).filteredOn(outcome -> outcome instanceof HealthOutcome.Audit)
                .singleElement().satisfies(audit -> assertThat(((HealthOutcome.Audit) audit).event().getDecision()).isEqualTo("BRAKE_ENGAGED"));
    }

    @Test
    void aClusterSilentWhileNobodyWatchedGetsAFullFailureThresholdAfterTheRestart() {
        beat("member1", RESTART);
        check(RESTART);
        context.resetForwards();

        beat("member1", RESTART + 29_999);
        check(RESTART + 29_999);
        assertThat(store.get("member2").getState()).isEqualTo(ClusterState.READY);
        assertThat(outcomes()).noneMatch(outcome -> outcome instanceof HealthOutcome.Transition);

        beat("member1", RESTART + 30_000);
        check(RESTART + 30_000);

        List<HealthOutcome> transitions = outcomes().stream().filter(outcome -> outcome instanceof HealthOutcome.Transition).toList();
        assertThat(transitions).singleElement().satisfies(transition -> {
            assertThat(((HealthOutcome.Transition) transition).event().getCluster()).isEqualTo("member2");
            assertThat(((HealthOutcome.Transition) transition).event().getState()).isEqualTo(ClusterState.SUSPECT);
            assertThat(((HealthOutcome.Transition) transition).event().getBrake()).as("one of two is no mass failure").isNull();
        });
        assertThat(store.get("member2").getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(store.get("member1").getBrake()).as("the input caught up: the lag brake released").isNull();
    }

    private void beat(String cluster, long at) {
        context.setCurrentSystemTimeMs(at);
        processor.process(new Record<>(cluster, heartbeat(cluster, Instant.ofEpochMilli(at)), at));
    }

    private void check(long now) {
        context.setCurrentSystemTimeMs(now);
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }

    private List<HealthOutcome> outcomes() {
        return context.forwarded().stream().<HealthOutcome>map(f -> f.record().value()).toList();
    }

    private static ClusterHealthEvent heartbeat(String cluster, Instant at) {
        return ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(at).build();
    }
}
