package io.fedstream.api;

import io.fedstream.avro.ClusterWatch;
import java.util.List;
import java.util.Optional;

/**
 * Finds what the watch-clusters stage knows of member clusters, across every instance of the application; each
 * method throws {@link StoreUnavailableException} rather than answer from an incomplete view.
 */
public interface ClusterLookup {

    /** Every cluster fedstream has heard of. */
    List<ClusterWatch> all();

    /** One cluster, asked of the instance that owns its partition. */
    Optional<ClusterWatch> byName(String cluster);
}
