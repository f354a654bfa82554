/**
 * The two global stores every instance mirrors, and what the stages read from them: each member cluster's view
 * ({@link io.fedstream.mirror.ClusterDirectory}, the {@code cluster-views-store} of the health client's views, read as
 * {@link io.fedstream.mirror.HeartbeatCapacity}; {@link io.fedstream.mirror.SelectableClusterChanges} counts what
 * override rules can select) and the published policies ({@link io.fedstream.mirror.PolicyMirror}, the
 * {@code policies-store}, read as {@link io.fedstream.mirror.PropagationPolicies} and
 * {@link io.fedstream.mirror.OverridePolicies}). No sub-topology of its own: the bind, admit, place-and-fail-over
 * ({@link io.fedstream.failover.stage}) and reserving ({@link io.fedstream.reserve}) stages use these, and the query
 * API lists the propagation and override policies as they read them ({@link io.fedstream.mirror.PublishedPolicy}).
 *
 * <p>Rules: docs/placement.md, docs/overrides.md.
 */
package io.fedstream.mirror;
