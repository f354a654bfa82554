package io.fedstream.health.stage;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.dlq.DeadLetter;

/** One output of the watch-clusters processor, routed by type to its topic; the record key is that topic's key. */
sealed interface HealthOutcome {

    /** A transition for {@code fedstream.cluster-state} and the cluster-transitions topic, keyed by cluster. */
    record Transition(ClusterStateEvent event) implements HealthOutcome {}

    /**
     * An unhealthy cluster's current state again, with a changed migration brake or changed taints, for the
     * cluster-transitions topic only: every fail-over task then holds the brake and the taints on each open incident.
     */
    record Reannounced(ClusterStateEvent event) implements HealthOutcome {}

    /** The same transition as a decision for {@code fedstream.audit}, keyed by decision id. */
    record Audit(AuditEvent event) implements HealthOutcome {}

    /** The cluster's state and latest heartbeat for the placement view, keyed by cluster; sent when either changes. */
    record View(ClusterWatch watch) implements HealthOutcome {}

    /** A heartbeat past the gate, on its way to the watch; refused ones carry the refusal in their headers. */
    record Checked(ClusterHealthEvent heartbeat) implements HealthOutcome {}

    /** A heartbeat that cannot be taken in: its original bytes (null for a tombstone) and why. */
    record DeadLettered(DeadLetter letter, byte[] originalValue) implements HealthOutcome {}
}
