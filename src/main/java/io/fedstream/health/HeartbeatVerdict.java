package io.fedstream.health;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;

/**
 * What one heartbeat says about its cluster: healthy, Ready False or Unknown (after the failure threshold the cluster
 * is SUSPECT), or a NoExecute taint (FAILED at once); with the reason and a message for the cluster-state topic.
 */
record HeartbeatVerdict(Kind kind, String reason, String message) {

    /** How bad the heartbeat is, in increasing order. */
    enum Kind { HEALTHY, NOT_READY, NO_EXECUTE }

    static final String READY = "Ready";
    static final String NO_EXECUTE = "NoExecute";

    static HeartbeatVerdict of(ClusterHealthEvent heartbeat) {
        for (Taint taint : heartbeat.getTaints()) {
            if (NO_EXECUTE.equals(taint.getEffect())) {
                return new HeartbeatVerdict(Kind.NO_EXECUTE, Reasons.NO_EXECUTE_TAINT, "taint " + describe(taint));
            }
        }
        for (ClusterCondition condition : heartbeat.getConditions()) {
            if (READY.equals(condition.getType()) && !"True".equals(condition.getStatus())) {
                boolean unknown = !"False".equals(condition.getStatus());
                return new HeartbeatVerdict(Kind.NOT_READY, unknown ? Reasons.READY_UNKNOWN : Reasons.READY_FALSE,
                        "Ready is " + condition.getStatus() + detail(condition));
            }
        }
        // No Ready condition at all: the heartbeat itself is the proof of life (a bare `fedstream apply` of a Cluster).
        return new HeartbeatVerdict(Kind.HEALTHY, null, null);
    }

    boolean healthy() {
        return kind == Kind.HEALTHY;
    }

    /** kubectl's form: {@code key=value:Effect}. */
    static String describe(Taint taint) {
        return taint.getKey() + (taint.getValue() == null ? "" : "=" + taint.getValue()) + ":" + taint.getEffect();
    }

    private static String detail(ClusterCondition condition) {
        String reason = condition.getReason();
        String message = condition.getMessage();
        if (reason == null && message == null) {
            return "";
        }
        return " (" + (reason == null ? "" : reason) + (reason != null && message != null ? ": " : "") + (message == null ? "" : message) + ")";
    }
}
