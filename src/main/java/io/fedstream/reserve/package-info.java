/**
 * Stage 4's reserving side: the sub-topology keyed by cluster, so that two workload partitions cannot over-fill one
 * cluster.
 *
 * <ul>
 *   <li>Key: cluster name.</li>
 *   <li>Input: {@code fedstream.capacity-reservations} (ReservationRequest from the place-and-fail-over stage, alone or
 *       with a batch of more for the same cluster, answered as one record); the
 *       {@code cluster-views-store} global store (each cluster's state and latest heartbeat, from the health client).</li>
 *   <li>Output: the internal {@code reservation-answers-repartition} topic, keyed by workload, back to the
 *       place-and-fail-over stage.</li>
 *   <li>Store: {@code cluster-reservations-store}, the room promised on each cluster and not yet seen in its
 *       heartbeats.</li>
 *   <li>Pure core: {@link io.fedstream.place} (candidates, fit, policies).</li>
 * </ul>
 *
 * <p>Rules: docs/placement.md.
 */
package io.fedstream.reserve;
