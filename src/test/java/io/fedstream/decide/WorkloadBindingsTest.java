package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.api.TestBindings;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.config.Topic;
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

    private static final String TOPIC = "fedstream.bindings";

    private final Serde<ResourceBinding> serde = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())
            .specific(ResourceBinding.class, false);
    private KeyValueStore<String, byte[]> latest;
    private KeyValueStore<String, String> byCluster;
    private WorkloadBindings bindings;

    @BeforeEach
    void setUp() {
        latest = store("latest", Serdes.ByteArray());
        byCluster = store("by-cluster", Serdes.String());
        bindings = new WorkloadBindings(latest, byCluster, new Topic<>(TOPIC, Serdes.String(), serde, ResourceBinding.class));
    }

    /** Updates with the binding and the bytes it came in, as the record carried it. */
    private ResourceBinding update(String key, ResourceBinding binding) {
        return bindings.update(key, binding, serde.serializer().serialize(TOPIC, binding));
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

        assertThat(update(key, placedOn())).isNull();
        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(update(key, first).getPlacement()).isNull();
        assertThat(bindings.on("dc-1")).containsExactly(key);
        assertThat(bindings.on("dc-2")).containsExactly(key);

        assertThat(update(key, placedOn("dc-2", "dc-3"))).isEqualTo(first);

        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.on("dc-2")).containsExactly(key);
        assertThat(bindings.on("dc-3")).containsExactly(key);
        assertThat(bindings.of(key).getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-2", "dc-3");
    }

    @Test
    void aDeletedWorkloadLeavesNoBindingAndNoIndexEntry() {
        String key = placedOn("dc-1").getWorkloadKey();
        update(key, placedOn("dc-1"));

        assertThat(update(key, null).getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1");

        assertThat(bindings.of(key)).isNull();
        assertThat(bindings.on("dc-1")).isEmpty();
        try (var all = byCluster.all()) {
            assertThat(all.hasNext()).isFalse();
        }
    }

    @Test
    void aBindingIsStoredInTheBytesItCameInAndReadBackFromThem() {
        ResourceBinding binding = placedOn("dc-1");
        byte[] bytes = serde.serializer().serialize(TOPIC, binding);

        bindings.update(binding.getWorkloadKey(), binding, bytes);

        assertThat(latest.get(binding.getWorkloadKey())).isSameAs(bytes);
        assertThat(bindings.of(binding.getWorkloadKey())).isEqualTo(binding);
    }

    @Test
    void aBindingWithoutItsBytesIsRefusedNamingTheWorkload() {
        ResourceBinding binding = placedOn("dc-1");

        assertThatThrownBy(() -> bindings.update(binding.getWorkloadKey(), binding, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(binding.getWorkloadKey()).hasMessageContaining("a binding and no bytes");
        assertThat(latest.get(binding.getWorkloadKey())).isNull();
    }

    @Test
    void anEntryTakenOutOfAClustersListLeavesTheBindingAndItsOtherClusters() {
        String key = placedOn("dc-1", "dc-2").getWorkloadKey();
        update(key, placedOn("dc-1", "dc-2"));

        bindings.unlist("dc-1", key);

        assertThat(bindings.on("dc-1")).isEmpty();
        assertThat(bindings.on("dc-2")).containsExactly(key);
        assertThat(bindings.of(key)).isNotNull();
    }
}
