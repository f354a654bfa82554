/**
 * Pure core of stage 6: migration strategy per kind, checkpoint and delta relay, preserved state, the incident ledger.
 * No Kafka types; the stage is {@link io.fedstream.failover.stage}. Rules: docs/failover.md.
 */
package io.fedstream.failover;
