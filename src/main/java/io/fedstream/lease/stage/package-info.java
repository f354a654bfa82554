/**
 * The capacity allocator: the sub-topology keyed by cluster in which exactly one task owns each cluster's room, so that
 * two namespace tasks can never over-fill a cluster.
 *
 * <ul>
 *   <li>Key: cluster name. One task per partition of {@code fedstream.lease-requests}; a task owns the clusters whose
 *       name Kafka's default partitioner puts on its partition.</li>
 *   <li>Inputs: {@code fedstream.lease-requests} (LeaseRequest from the namespace tasks, at most one outstanding per task
 *       and cluster); {@code fedstream.cluster-views} (ClusterWatch: each cluster's state and latest heartbeat, on the
 *       cluster's own partition or copied to every partition; a task keeps the clusters it owns).</li>
 *   <li>Outputs: {@code fedstream.lease-grants} (LeaseGrant, keyed by cluster, written to the partition of the namespace
 *       task it is for); {@code fedstream.dlq} (requests that cannot be taken in, naming field and value).</li>
 *   <li>Store: {@code lease-books-store}, cluster name to its StoredLeaseBook (caching, changelogged).</li>
 *   <li>Clock: a wall-clock punctuation once per {@code lease.bucket.ms} stops counting chunks whose time is up and
 *       grants the room they free to unmet wants; no other record says when that happens.</li>
 *   <li>Pure core: {@link io.fedstream.lease} (the cluster book, the fair split, the terms).</li>
 * </ul>
 *
 * <p>Rules: docs/leases.md.
 */
package io.fedstream.lease.stage;
