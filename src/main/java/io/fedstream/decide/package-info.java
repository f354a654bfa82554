/**
 * The namespace pass: interpret, admit, place and bind, and fail over, in one task per namespace partition (issue 40),
 * with the room it places into leased from each cluster's allocator ({@link io.fedstream.lease}).
 * <ul>
 *   <li>Key: namespace (workload topics are partitioned by it).</li>
 *   <li>Inputs: {@code fedstream.workloads}, {@code fedstream.workload-status}, {@code fedstream.state-deltas},
 *       {@code fedstream.migration-events}, {@code fedstream.cluster-transitions}, the policies (relayed, and those
 *       published before the instance started: {@link io.fedstream.decide.PolicySnapshot}), cluster views and
 *       {@code fedstream.lease-grants}.</li>
 *   <li>Outputs: {@code fedstream.bindings}, {@code fedstream.quota-status}, {@code fedstream.migrations},
 *       {@code fedstream.lease-requests}, {@code fedstream.audit}, {@code fedstream.dlq}.</li>
 *   <li>Stores: the workloads' state, the quota ledger, incidents and migrations, the policies and how far the task
 *       has taken them in ({@code policies-store}, {@code policy-positions-store}).</li>
 * </ul>
 */
package io.fedstream.decide;
