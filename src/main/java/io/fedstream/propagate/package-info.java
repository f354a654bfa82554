/**
 * Pure core of propagation: what a member cluster gets of a binding (Karmada's Work: {@link
 * io.fedstream.propagate.MemberWork}, {@link io.fedstream.propagate.Dependencies}), what the executor does with the copy
 * it finds there ({@link io.fedstream.propagate.CopyDecision}, {@link io.fedstream.propagate.Retention}), its version
 * ({@link io.fedstream.propagate.ObjectVersion}), the marks
 * it writes ({@link io.fedstream.propagate.PropagationMarks}), the policy fields that steer it
 * ({@link io.fedstream.propagate.PropagationSettings}), how healthy a copy is ({@link io.fedstream.propagate.ObjectHealth})
 * and the binding's status from its copies ({@link io.fedstream.propagate.BindingStatus}). No Kafka types, no cluster.
 *
 * <p>Rules and their Karmada sources: docs/propagation.md.
 */
package io.fedstream.propagate;
