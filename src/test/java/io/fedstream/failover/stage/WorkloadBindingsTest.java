package io.fedstream.failover.stage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
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

    private KeyValueStore<String, String> byCluster;
    private WorkloadBindings bindings;

    @BeforeEach
    void setUp() {
        Serde<ResourceBinding> serde = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())
                .specific(ResourceBinding.class, false);
        KeyValueStore<String, ResourceBinding> latest = store("latest", serde);
        byCluster = store("by-cluster", Serdes.String());
        bindings = new WorkloadBindings(latest, byCluster);
    }

    private static <V> KeyValueStore<String, V> store(String name, Serde<V> values) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values)
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

        assertThat(bindings.update(key, placedOn())).isNull();
        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.update(key, first).getPlacement()).isNull();
        assertThat(bindings.on("dc-1")).containsExactly(key);
        assertThat(bindings.on("dc-2")).containsExactly(key);

        assertThat(bindings.update(key, placedOn("dc-2", "dc-3"))).isEqualTo(first);

        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.on("dc-2")).containsExactly(key);
        assertThat(bindings.on("dc-3")).containsExactly(key);
        assertThat(bindings.of(key).getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-2", "dc-3");
    }

    @Test
    void aDeletedWorkloadLeavesNoBindingAndNoIndexEntry() {
        String key = placedOn("dc-1").getWorkloadKey();
        bindings.update(key, placedOn("dc-1"));

        assertThat(bindings.update(key, null).getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1");

        assertThat(bindings.of(key)).isNull();
        assertThat(bindings.on("dc-1")).isEmpty();
        try (var all = byCluster.all()) {
            assertThat(all.hasNext()).isFalse();
        }
    }

    @Test
    void anEntryTakenOutOfAClustersListLeavesTheBindingAndItsOtherClusters() {
        String key = placedOn("dc-1", "dc-2").getWorkloadKey();
        bindings.update(key, placedOn("dc-1", "dc-2"));

        bindings.unlist("dc-1", key);

        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.on("dc-2")).containsExactly(key);
        assertThat(bindings.of(key)).isNotNull();
    }
}
