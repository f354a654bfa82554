/**
 * Pure core of stage 4: PropagationPolicy parsing and matching, cluster candidates, fit and preference. No Kafka
 * types; the stages are {@link io.fedstream.failover.stage} (choosing) and {@link io.fedstream.reserve} (reserving),
 * with {@link io.fedstream.mirror} reading the cluster views and policies for them. Rules: docs/placement.md.
 */
package io.fedstream.place;
