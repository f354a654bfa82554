package io.fedstream.decide;

import java.util.HashMap;
import java.util.Map;

/**
 * The workloads of one task whose move off a failed cluster is out (its room asked for, or its command issued), kept in
 * memory so that the incident's check, which runs every check interval over every workload the cluster held, passes
 * them by without reading and decoding their stores: its cost does not grow with the moves already out. Empty at every
 * start (the first check reads each workload once, as before).
 *
 * <p>A workload is passed by only for the incident it is out for, and only until nothing could have changed what its
 * check would find: until its answer is overdue ({@link PlacementState.Pending#ANSWER_TIMEOUT_MS}), or, once its command
 * is out, until any record of the workload arrives (an answer, the executor's report of a failed attempt, a new binding),
 * a cluster changes state or a policy changes.
 */
final class MovesOut {

    /** The incident a workload's move is out for, and until when its check would find nothing to do. */
    private record Out(String incidentId, long quietUntil) {
    }

    private final Map<String, Out> moves = new HashMap<>();

    /** The workload's room on a target was asked for: its check finds nothing to do while the answer is awaited. */
    void asked(String workloadKey, PlacementState.Pending pending) {
        moves.put(workloadKey, new Out(pending.incidentId(), pending.askedAt() + PlacementState.Pending.ANSWER_TIMEOUT_MS));
    }

    /** The workload's command for the incident is out (or the incident's move is over): nothing to do until a record of it. */
    void settled(String workloadKey, String incidentId) {
        moves.put(workloadKey, new Out(incidentId, Long.MAX_VALUE));
    }

    /** Whether the incident's check may pass the workload by at {@code now}. */
    boolean passes(String workloadKey, String incidentId, long now) {
        Out out = moves.get(workloadKey);
        return out != null && out.incidentId().equals(incidentId) && now < out.quietUntil();
    }

    /** A record of the workload arrived: its next check reads its stores again. */
    void changed(String workloadKey) {
        moves.remove(workloadKey);
    }

    /** A cluster or a policy changed: every workload's next check reads its stores again. */
    void changedAll() {
        moves.clear();
    }
}
