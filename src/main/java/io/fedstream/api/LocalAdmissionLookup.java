package io.fedstream.api;

import io.fedstream.admit.stage.ClusterShare;
import io.fedstream.admit.stage.NamespaceAggregates;
import io.fedstream.admit.stage.QuotaReport;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds quotas and aggregates in this instance's own stores only, in exactly the partitions asked for; throws
 * {@link StoreUnavailableException} when one of them is not active here (migrating or restoring).
 */
public interface LocalAdmissionLookup {

    List<QuotaReport> quotas(String namespace, Set<Integer> partitions);

    NamespaceAggregates aggregates(String namespace, Set<Integer> partitions);

    List<ClusterShare> clusterShares(Optional<String> cluster, Set<Integer> partitions);
}
