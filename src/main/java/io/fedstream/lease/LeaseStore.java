package io.fedstream.lease;

import io.fedstream.avro.StoredLease;
import java.util.Map;

/**
 * Where a namespace task keeps its leases, one {@link StoredLease} per cluster: in the application a caching key-value
 * store keyed by cluster name, in tests a map.
 */
public interface LeaseStore {

    /** Every cluster's lease of the task, read once when the task starts. */
    Map<String, StoredLease> all();

    /** Keeps the cluster's lease, replacing the earlier one. */
    void save(String cluster, StoredLease lease);
}
