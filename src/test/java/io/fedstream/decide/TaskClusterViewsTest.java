package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import org.junit.jupiter.api.Test;

/**
 * Every view taken in moves the count of changes; only what an override rule can select of a cluster moves the count of
 * selectable changes, and a heartbeat that changes nothing of it does not.
 */
class TaskClusterViewsTest {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private final TaskClusterViews views = new TaskClusterViews(store());

    private static KeyValueStore<String, ClusterWatch> store(ClusterWatch... restored) {
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
        KeyValueStore<String, ClusterWatch> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(TaskClusterViews.STORE),
                        Serdes.String(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(ClusterWatch.class, false))
                .withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        for (ClusterWatch view : restored) {
            store.put(view.getCluster(), view);
        }
        return store;
    }

    private static ClusterHealthEvent heartbeat(Instant at, String cpu, Map<String, String> labels, String region) {
        return ClusterHealthEvent.newBuilder()
                .setCluster("dc-1")
                .setHeartbeatAt(at)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                .setAllocatable(Map.of("cpu", cpu))
                .setAllocated(Map.of())
                .setLabels(labels)
                .setRegion(region)
                .build();
    }

    private static ClusterWatch watch(ClusterState state, ClusterHealthEvent heartbeat) {
        return ClusterWatch.newBuilder().setCluster("dc-1").setState(state).setReason("r").setSince(AT).setHeartbeat(heartbeat).build();
    }

    @Test
    void heartbeatsWithOtherTimesRoomOrStateCountNothing() {
        ClusterWatch first = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "big"), "eu"));
        ClusterWatch later = watch(ClusterState.SUSPECT, heartbeat(AT.plusSeconds(1), "4", Map.of("tier", "big"), "eu"));

        views.apply("dc-1", first);
        views.apply("dc-1", later);
        views.apply("dc-1", later);

        assertThat(views.selectableChanges()).isEqualTo(1);
        assertThat(views.changes()).isEqualTo(3);
    }

    @Test
    void aClusterJoiningRelabelledMovedOrLeavingCountsOnceEach() {
        ClusterWatch joined = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "big"), "eu"));
        ClusterWatch relabelled = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "small"), "eu"));
        ClusterWatch moved = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "small"), "us"));

        views.apply("dc-1", joined);
        assertThat(views.selectableChanges()).isEqualTo(1);
        views.apply("dc-1", relabelled);
        assertThat(views.selectableChanges()).isEqualTo(2);
        views.apply("dc-1", moved);
        assertThat(views.selectableChanges()).isEqualTo(3);
        views.apply("dc-1", null);
        assertThat(views.selectableChanges()).isEqualTo(4);
    }

    @Test
    void aTaskStartingOverRestoredViewsComparesTheNextViewWithThem() {
        ClusterWatch restored = watch(ClusterState.READY, heartbeat(AT, "8", Map.of("tier", "big"), "eu"));
        TaskClusterViews started = new TaskClusterViews(store(restored));

        boolean moreRoom = started.apply("dc-1", watch(ClusterState.READY, heartbeat(AT.plusSeconds(1), "8", Map.of("tier", "big"), "eu")));

        assertThat(started.selectableChanges()).as("the labels and region are those restored").isZero();
        assertThat(moreRoom).as("no more room than the restored view shows").isFalse();
        assertThat(started.apply("dc-1", watch(ClusterState.READY, heartbeat(AT.plusSeconds(2), "16", Map.of("tier", "big"), "eu"))))
                .isTrue();
    }

    @Test
    void aClusterKnownWithoutAHeartbeatThatGetsOneCounts() {
        views.apply("dc-1", watch(ClusterState.FAILED, null));
        views.apply("dc-1", watch(ClusterState.READY, heartbeat(AT, "8", Map.of(), null)));

        assertThat(views.selectableChanges()).isEqualTo(2);
    }
}
