package io.fedstream.health;

/** The reasons of cluster-state transitions, as they appear on fedstream.cluster-state and in the audit trail. */
public final class Reasons {

    /** The first heartbeat of a cluster fedstream did not know. */
    static final String JOINED = "Joined";
    /** No heartbeat for the failure threshold. */
    static final String HEARTBEAT_MISSED = "HeartbeatMissed";
    /** Heartbeats reported Ready False for the failure threshold. */
    static final String READY_FALSE = "ReadyFalse";
    /** Heartbeats reported Ready Unknown (or another status than True or False) for the failure threshold. */
    static final String READY_UNKNOWN = "ReadyUnknown";
    /** A heartbeat carried a taint with effect NoExecute. */
    public static final String NO_EXECUTE_TAINT = "NoExecuteTaint";
    /** Heartbeats came back after a HeartbeatMissed. */
    static final String HEARTBEAT_RESUMED = "HeartbeatResumed";
    /** Ready is True again after ReadyFalse or ReadyUnknown. */
    static final String READY_TRUE = "ReadyTrue";
    /** The NoExecute taint is gone. */
    static final String NO_EXECUTE_TAINT_REMOVED = "NoExecuteTaintRemoved";
    /** Every heartbeat of a cluster so far was refused (a dead letter names the field and value); not a transition. */
    public static final String HEARTBEAT_REFUSED = "HeartbeatRefused";
    /** RECOVERING stayed healthy for its (damped) success threshold. */
    static final String RECOVERED = "Recovered";

    private Reasons() {}

    /** Why a cluster is healthy again, from why it was not. */
    static String healed(String cause) {
        if (HEARTBEAT_MISSED.equals(cause)) {
            return HEARTBEAT_RESUMED;
        }
        return NO_EXECUTE_TAINT.equals(cause) ? NO_EXECUTE_TAINT_REMOVED : READY_TRUE;
    }
}
