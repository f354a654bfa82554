/**
 * Stage 3, admit: the sub-topology keyed by namespace, where FederatedResourceQuota is enforced.
 *
 * <ul>
 *   <li>Key: namespace (a namespace's quotas, usage and queue live in one task).</li>
 *   <li>Inputs: {@code admission-requests-repartition} (interpreted workloads and quota syncs from the bind stage),
 *       {@code placement-decisions-repartition} (placements and moves from the place-and-fail-over stage, re-charged
 *       to their clusters).</li>
 *   <li>Outputs: {@code fedstream.bindings} (ResourceBinding with admission and placement), {@code fedstream.quota-status},
 *       {@code fedstream.audit}, {@code fedstream.dlq} (refused quota versions).</li>
 *   <li>Stores: {@link io.fedstream.admit.stage.AdmitStores} (quotas, usage, admitted charges, the queue, bindings,
 *       aggregates).</li>
 *   <li>Pure core: {@link io.fedstream.admit} (ledger, charges, quota checks).</li>
 * </ul>
 *
 * <p>Rules: docs/admission.md.
 */
package io.fedstream.admit.stage;
