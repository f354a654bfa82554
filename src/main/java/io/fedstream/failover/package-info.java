/**
 * Pure core of stage 6: migration strategy per kind, checkpoint and delta relay, preserved state, the incident ledger.
 * No Kafka types; the namespace pass ({@link io.fedstream.decide}) fails over with it. Rules: docs/failover.md.
 */
package io.fedstream.failover;
