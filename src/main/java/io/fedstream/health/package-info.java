/**
 * The cluster watch's pure core, no Kafka types: {@link io.fedstream.health.ClusterHealthMachine} (one cluster's life
 * cycle: READY, SUSPECT, FAILED, RECOVERING, with the taints it carries), {@link io.fedstream.health.MigrationBrakeRule}
 * (the brake over all clusters), {@link io.fedstream.health.HeartbeatCheck} (heartbeat values refused, naming field and
 * value), and the watch's settings ({@link io.fedstream.health.HealthSettings}). The stage that runs them on Kafka
 * Streams is {@link io.fedstream.health.stage}.
 *
 * <p>Rules: docs/health.md.
 */
package io.fedstream.health;
