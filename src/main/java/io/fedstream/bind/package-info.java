/**
 * Stage 2, bind, the pure core (no Kafka types): an interpreted workload event made into the workload's
 * ResourceBinding under Karmada's names ({@link io.fedstream.bind.BindingNames}), the objects that are never propagated
 * ({@link io.fedstream.bind.NeverPropagated}), a placement given
 * with the event ({@link io.fedstream.bind.GivenPlacement}), and a binding's per-cluster shares and override results
 * ({@link io.fedstream.bind.BindingShares}).
 *
 * <p>The namespace pass ({@link io.fedstream.decide}) binds with it in its interpret step; its admit step numbers the
 * versions and keeps the bindings in the workloads' records. Rules: docs/interpretation.md.
 */
package io.fedstream.bind;
