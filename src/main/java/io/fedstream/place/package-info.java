/**
 * Pure core of stage 4: PropagationPolicy parsing and matching, cluster candidates, fit and preference. No Kafka
 * types; the namespace pass ({@link io.fedstream.decide}) places with it, within the room leased by
 * {@link io.fedstream.lease}. Rules: docs/placement.md.
 */
package io.fedstream.place;
