/**
 * Stage 5, the cluster watch: the whole topology of the health client ({@code <application.id>-health}, its own stream
 * thread), apart from the workload client so that heartbeats never wait behind workloads.
 *
 * <ul>
 *   <li>Key: cluster name. The gate ({@code check-heartbeats}, {@link io.fedstream.health.stage.HeartbeatGate}) runs
 *       per partition of {@code fedstream.cluster-health}; the watch ({@code watch-clusters},
 *       {@link io.fedstream.health.stage.WatchClustersProcessor}) runs as one task over every cluster, behind the
 *       internal {@code cluster-heartbeats} repartition topic of one partition.</li>
 *   <li>Input: {@code fedstream.cluster-health} (ClusterHealthEvent).</li>
 *   <li>Outputs: {@code fedstream.cluster-state} (transitions), {@code fedstream.cluster-transitions} (transitions and
 *       brake changes, on every partition, for the fail-over stage), {@code fedstream.cluster-views} (ClusterWatch, for
 *       placement and the reserving tasks), {@code fedstream.audit}, {@code fedstream.dlq} (refused heartbeats).</li>
 *   <li>Store: {@code cluster-states-store}, cluster name to ClusterWatch (queried by {@code GET /apis/clusters}).</li>
 *   <li>Pure core: {@link io.fedstream.health} (one cluster's life cycle, the brake over all clusters, refused
 *       heartbeat values).</li>
 * </ul>
 *
 * <p>Rules: docs/health.md.
 */
package io.fedstream.health.stage;
