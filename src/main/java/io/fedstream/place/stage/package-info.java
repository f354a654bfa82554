/**
 * What the stages read from the global stores to place: each member cluster's view ({@link
 * io.fedstream.place.stage.ClusterDirectory}, the {@code cluster-views-store} mirrored on every instance, read as
 * {@link io.fedstream.place.stage.HeartbeatCapacity}), and the published policies ({@link
 * io.fedstream.place.stage.PropagationPolicies}, {@link io.fedstream.place.stage.OverridePolicies}, from the
 * {@code policies-store}); and the binding's form of a schedule ({@link io.fedstream.place.stage.ScheduledPlacement}).
 * No sub-topology of its own: the bind, place-and-fail-over ({@link io.fedstream.failover.stage}) and reserving
 * ({@link io.fedstream.reserve}) stages use these.
 *
 * <p>Rules: docs/placement.md.
 */
package io.fedstream.place.stage;
