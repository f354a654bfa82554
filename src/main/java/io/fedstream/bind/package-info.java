/**
 * Stages 1 and 2, interpret and bind: the sub-topology keyed by workload, one task per partition of
 * {@code fedstream.workloads}.
 *
 * <ul>
 *   <li>Key: workload key {@code group/kind/namespace/name}, as the producers partition {@code fedstream.workloads}.</li>
 *   <li>Input: {@code fedstream.workloads} (WorkloadEvent); the {@code policies-store} global store (interpreter
 *       customizations, override policies, and quota changes that {@code relay-quota-changes} turns into QUOTA_SYNC
 *       requests); the {@code cluster-views-store} global store (clusters that override rules target).</li>
 *   <li>Outputs: the internal {@code admission-requests-repartition} topic, keyed by namespace, for the admit stage;
 *       {@code fedstream.dlq} (manifests that cannot be read, and objects that are never propagated:
 *       {@link io.fedstream.bind.SkippedPropagatingApis}, {@link io.fedstream.bind.ClusterScopedKinds}).</li>
 *   <li>Stores: {@code bind-manifests-store} (each interpreted workload's manifest, to recompute its overrides when an
 *       override policy or a cluster changes). The admit stage numbers the versions and keeps the bindings; a workload
 *       belongs to its key's namespace, so an upsert and a later delete reach the same admit task.</li>
 *   <li>Pure core: {@link io.fedstream.interpret} (manifest to components and totals).</li>
 * </ul>
 *
 * <p>Rules: docs/interpretation.md.
 */
package io.fedstream.bind;
