package io.fedstream.api;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Where the partitions of one Kafka Streams client's stores are active, and this instance's own partitions: the
 * query API's one seam ({@link StreamsPartitions} in production, a TopologyTestDriver's stores in tests). Every method
 * throws {@link StoreUnavailableException} rather than answer from an incomplete view.
 */
interface Partitions {

    /** This instance, as the other instances reach it ({@code application.server}). */
    HostInfo self();

    /** The partition of {@code store} that {@code key} belongs to, and the instance active for it now. */
    KeyQueryMetadata owner(String store, String key);

    /** Every partition of {@code store} by the instance active for it now; unavailable when one is active nowhere. */
    Map<HostInfo, Set<Integer>> owners(String store);

    /** This instance's partition of {@code store}; reading it throws InvalidStateStoreException once it moves away. */
    <V> ReadOnlyKeyValueStore<String, V> store(String store, int partition);

}
