package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.api.TestBindings;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.util.Arrays;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The task's latest bindings keep the cluster index in step: a workload is listed under exactly the clusters it is placed on. */
class WorkloadBindingsTest {

    private final WorkloadBindings bindings = new WorkloadBindings(new Workloads(store(), (key, commands) -> { }));

    private static KeyValueStore<String, WorkloadRecord> store() {
        KeyValueStore<String, WorkloadRecord> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(Workloads.STORE), Serdes.String(),
                new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(WorkloadRecord.class, false))
                .withLoggingDisabled().build();
        store.init(new MockProcessorContext<Void, Void>().getStateStoreContext(), store);
        return store;
    }

    private static ResourceBinding placedOn(String... clusters) {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "team-a", "fraud");
        return ResourceBinding.newBuilder(binding).setPlacement(clusters.length == 0 ? null : Placement.newBuilder()
                .setClusters(Arrays.stream(clusters).map(c -> ClusterTarget.newBuilder().setName(c).setReplicas(null).build()).toList())
                .setScheduling(ReplicaScheduling.DUPLICATED)
                .build()).build();
    }

    @Test
    void aPlacementListsTheWorkloadUnderItsClustersAndAMoveReListsItWithoutTouchingTheClusterItStaysOn() {
        ResourceBinding first = placedOn("dc-1", "dc-2");
        String key = first.getWorkloadKey();

        bindings.changed(key, null, placedOn());
        assertThat(bindings.on("dc-1")).isEmpty();
        bindings.changed(key, placedOn(), first);
        assertThat(bindings.on("dc-1")).containsExactly(key);
        assertThat(bindings.on("dc-2")).containsExactly(key);

        bindings.changed(key, first, placedOn("dc-2", "dc-3"));

        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.on("dc-2")).containsExactly(key);
        assertThat(bindings.on("dc-3")).containsExactly(key);
    }

    @Test
    void aDeletedWorkloadIsListedNowhere() {
        String key = placedOn("dc-1").getWorkloadKey();
        bindings.changed(key, null, placedOn("dc-1"));

        bindings.changed(key, placedOn("dc-1"), null);

        assertThat(bindings.on("dc-1")).isEmpty();
    }

    @Test
    void aStartingTaskListsItsStoredWorkloadsWhereTheyRunAndAnUnreadableOneCanBeTakenOff() {
        ResourceBinding binding = placedOn("dc-1", "dc-2");
        String key = binding.getWorkloadKey();

        bindings.stored(key, binding);
        assertThat(bindings.on("dc-2")).containsExactly(key);

        bindings.unlist("dc-2", key);
        assertThat(bindings.on("dc-2")).isEmpty();
        assertThat(bindings.on("dc-1")).containsExactly(key);
    }
}
