package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds clusters in this instance's own {@code cluster-states-store} only, in exactly the partitions asked for;
 * throws {@link StoreUnavailableException} when one of them is not active here (migrating or restoring).
 */
public interface LocalClusterLookup {

    List<ClusterWatch> all(Set<Integer> partitions);

    /** The cluster from the partition its name belongs to. */
    Optional<ClusterWatch> byName(String cluster);
}
