/**
 * Capacity leases, the pure core (no Kafka types): room on a member cluster is granted to the namespace tasks in bulk,
 * as Mesos offers resources to frameworks, and a task places pods into its leases with no round trip, as
 * kube-scheduler places pods it has assumed.
 *
 * <ul>
 *   <li>{@link io.fedstream.lease.ClusterBook}: one cluster's book in its allocator (room, chunks leased and still
 *       counted, unmet wants, reclaims), split between wants by {@link io.fedstream.lease.FairSplit}.</li>
 *   <li>{@link io.fedstream.lease.TaskLeases}: a namespace task's side on every cluster (take, release, want,
 *       requests, granted, steering), kept through a {@link io.fedstream.lease.LeaseStore}.</li>
 *   <li>{@link io.fedstream.lease.LeaseSettings}: the terms (time buckets, TTL, headroom), {@code lease.*}.</li>
 * </ul>
 *
 * <p>The allocator's sub-topology is {@link io.fedstream.lease.stage}. Rules, protocol and sources: docs/leases.md.
 */
package io.fedstream.lease;
