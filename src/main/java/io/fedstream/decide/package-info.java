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
 *   <li>Stores: the workloads' state, with their charges, incidents and migrations ({@code workloads-store}); their
 *       statuses and state deltas ({@code workload-status-store}, {@code state-deltas-index}); the cluster views
 *       ({@code cluster-views-store}, the topic's table); the namespaces' usage and aggregates, rebuilt at start and not
 *       logged ({@code admission-usage-store}, {@code aggregates-store}); and the small state, one logged in-memory store
 *       with a section per kind ({@code pass-state-store}, {@link io.fedstream.decide.PassState}): the policies and how far
 *       the task has taken them in, the refused policies already dead-lettered, the open incidents, the application
 *       failures, the leases, and the quota ledger's quotas, quota sources and queue.</li>
 * </ul>
 */
package io.fedstream.decide;
