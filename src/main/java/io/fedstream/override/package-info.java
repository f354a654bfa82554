/**
 * OverridePolicy and ClusterOverridePolicy as Karmada v1.15 defines them
 * ({@code pkg/apis/policy/v1alpha1/override_types.go}, {@code pkg/util/overridemanager/}): a strict
 * parser and a pure applier that turns a workload manifest into the manifest one target cluster
 * gets. No Kafka types: the place and fail-over stages call it where the target cluster is known.
 */
package io.fedstream.override;
