package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
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
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The processor alone, its punctuator fired by hand: what it does after a restart, when it did not watch for a while. */
class WatchClustersProcessorTest {

    private static final Instant LAST_SEEN = Instant.parse("2026-11-29T10:00:00Z");
    private static final long RESTART = LAST_SEEN.plus(Duration.ofHours(1)).toEpochMilli();

    private final AvroSerdes serdes = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
    private final MockProcessorContext<String, HealthOutcome> context = new MockProcessorContext<>();
    private KeyValueStore<String, ClusterWatch> store;

    @BeforeEach
    void restartWithAReadyClusterLastSeenAnHourAgo() {
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(WatchClustersStage.STORE), Serdes.String(),
                serdes.specific(ClusterWatch.class, false)).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        ClusterHealthEvent heartbeat = ClusterHealthEvent.newBuilder().setCluster("member1").setHeartbeatAt(LAST_SEEN).build();
        store.put("member1", new ClusterHealthMachine(HealthSettings.defaults()).onHeartbeat(null, heartbeat, LAST_SEEN.toEpochMilli()).watch());
        context.setCurrentSystemTimeMs(RESTART);
        new WatchClustersProcessor(HealthSettings.defaults(), "fedstream.cluster-health",
                serdes.specific(ClusterHealthEvent.class, false).serializer(), FedstreamMetrics.create()).init(context);
    }

    @Test
    void theCheckIsScheduledOnTheWallClockEveryCheckInterval() {
        assertThat(context.scheduledPunctuators()).singleElement().satisfies(punctuator -> {
            assertThat(punctuator.getInterval()).isEqualTo(Duration.ofSeconds(1));
            assertThat(punctuator.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        });
    }

    @Test
    void aClusterSilentWhileNobodyWatchedGetsAFullFailureThresholdAfterTheRestart() {
        check(RESTART + 29_999);
        assertThat(context.forwarded()).isEmpty();
        assertThat(store.get("member1").getState()).isEqualTo(ClusterState.READY);

        check(RESTART + 30_000);

        List<HealthOutcome> outcomes = context.forwarded().stream().<HealthOutcome>map(f -> f.record().value()).toList();
        assertThat(outcomes).hasSize(3);
        assertThat(((HealthOutcome.View) outcomes.get(0)).watch().getState()).as("the placement view follows").isEqualTo(ClusterState.SUSPECT);
        assertThat(((HealthOutcome.Transition) outcomes.get(1)).event().getState()).isEqualTo(ClusterState.SUSPECT);
        assertThat(((HealthOutcome.Audit) outcomes.get(2)).event().getDecision()).isEqualTo("CLUSTER_SUSPECT");
        assertThat(context.forwarded().get(1).record().key()).isEqualTo("member1");
        assertThat(context.forwarded().get(1).record().timestamp()).isEqualTo(RESTART + 30_000);
        assertThat(store.get("member1").getState()).isEqualTo(ClusterState.SUSPECT);
    }

    private void check(long now) {
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }
}
