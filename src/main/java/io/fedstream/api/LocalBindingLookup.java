package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds bindings in this instance's own stores only, in exactly the partitions asked for; throws
 * {@link StoreUnavailableException} when one of them is not active here (migrating or restoring).
 */
public interface LocalBindingLookup {

    List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions);

    List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions);

    /** The binding of a workload key, from the partition the key belongs to. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey);
}
