/**
 * The namespace pass: interpret, admit, place and bind, and fail over (being reshaped into one task per namespace
 * partition, issue 40).
 * <ul>
 *   <li>Key: namespace (workload topics are partitioned by it).</li>
 *   <li>Inputs: {@code fedstream.workloads}, {@code fedstream.workload-status}, {@code fedstream.state-deltas},
 *       {@code fedstream.migration-events}, {@code fedstream.cluster-transitions}, the policies and cluster views.</li>
 *   <li>Outputs: {@code fedstream.bindings}, {@code fedstream.quota-status}, {@code fedstream.migrations},
 *       {@code fedstream.audit}, {@code fedstream.dlq}.</li>
 *   <li>Stores: the workloads' state, the quota ledger, incidents and migrations.</li>
 * </ul>
 */
package io.fedstream.decide;
