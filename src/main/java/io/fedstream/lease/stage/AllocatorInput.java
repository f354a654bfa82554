package io.fedstream.lease.stage;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseRequest;

/** One input of the allocator, keyed by cluster name: a task's request, or the cluster's latest view. */
sealed interface AllocatorInput {

    /** From {@code fedstream.lease-requests}; null for a tombstone, which is no request. */
    record Request(LeaseRequest request) implements AllocatorInput {
    }

    /** From {@code fedstream.cluster-views}; null when the cluster's view was deleted. */
    record View(ClusterWatch watch) implements AllocatorInput {
    }
}
