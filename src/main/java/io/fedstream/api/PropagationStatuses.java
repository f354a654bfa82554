package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import java.util.Optional;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Where the query API reads a binding's propagation status: the seam the propagation stage's status store fills
 * (issue 42). It is called on the instance active for the binding's partition, with that partition's stores; until it is
 * wired ({@link #NONE}) a binding shows no {@code FullyApplied} condition and no {@code aggregatedStatus}.
 */
@FunctionalInterface
public interface PropagationStatuses {

    PropagationStatuses NONE = (binding, stores) -> Optional.empty();

    /** The stores of one partition of the workload client, by name, to read inside the query. */
    @FunctionalInterface
    interface PartitionStores {
        <V> ReadOnlyKeyValueStore<String, V> store(String name);
    }

    /** The binding's status as the member clusters reported it; empty when none has reported yet. */
    Optional<PropagationStatus> of(ResourceBinding binding, PartitionStores stores);
}
