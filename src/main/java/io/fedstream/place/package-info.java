/**
 * Pure core of stage 4: PropagationPolicy parsing and matching, cluster candidates, fit and preference. No Kafka
 * types; the stages are {@link io.fedstream.failover.stage} (choosing) and {@link io.fedstream.place.stage}
 * (reserving). Rules: docs/placement.md.
 */
package io.fedstream.place;
