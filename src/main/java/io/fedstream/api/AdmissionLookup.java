package io.fedstream.api;

import io.fedstream.admit.stage.ClusterShare;
import io.fedstream.admit.stage.NamespaceAggregates;
import io.fedstream.admit.stage.QuotaReport;
import java.util.List;
import java.util.Optional;

/**
 * Finds quotas and aggregates (the admit stage's state) across every instance of the application; each method throws
 * {@link StoreUnavailableException} rather than answer from an incomplete view.
 */
public interface AdmissionLookup {

    /** Every quota of a namespace, sorted by name. */
    List<QuotaReport> quotas(String namespace);

    /** A namespace's aggregates. */
    NamespaceAggregates aggregates(String namespace);

    /** The shares of one cluster, or of every cluster when none is named, from every partition. */
    List<ClusterShare> clusterShares(Optional<String> cluster);
}
