package io.fedstream.decide;

import java.util.HashMap;
import java.util.Map;

/**
 * The workloads of one task whose move off a failed cluster is out (its room asked for, or its command issued), kept in
 * memory so that the incident's check, which runs every check interval over every workload the cluster held, passes
 * them by without reading and decoding their stores: its cost does not grow with the moves already out. Empty at every
 * start (the first check reads each workload once, as before).
 *
 * <p>A workload is passed by only for the incident it is out for, and only until something could have changed what its
 * check would find: any record of the workload (the answer to its ask, the executor's report of a failed attempt, a new
 * binding), another incident opening or closing, the brake engaging or releasing, or a policy change. An ask is never
 * lost within a task (it is answered, or waits for a grant), so nothing else can.
 *
 * <p>A workload whose move is not due yet is passed by likewise until it is due: between SUSPECT and the end of the
 * toleration the due check runs every {@link PlaceAndFailOver#DUE_CHECK_INTERVAL}, and reading every workload the cluster
 * held at each one decoded thousands of records a second, whose garbage paused the moves once they were due.
 */
final class MovesOut {

    /**
     * The incident a workload's move is out for, and until when its check would find nothing to do; {@code dueLater}: no
     * move is out, it becomes due at {@code quietUntil}.
     */
    private record Out(String incidentId, long quietUntil, boolean dueLater) {
    }

    private final Map<String, Out> moves = new HashMap<>();

    /**
     * The workload's room on a target is asked for, its command for the incident is out, or the incident's move is over:
     * nothing to do until a record of it.
     */
    void settled(String workloadKey, String incidentId) {
        moves.put(workloadKey, new Out(incidentId, Long.MAX_VALUE, false));
    }

    /** The workload's move for the incident becomes due at {@code dueAt}: its check finds nothing to do before. */
    void dueAt(String workloadKey, String incidentId, long dueAt) {
        moves.put(workloadKey, new Out(incidentId, dueAt, true));
    }

    /** When the workload's move, passed by now, becomes due; {@code Long.MAX_VALUE} when it is not waiting to be due. */
    long dueLater(String workloadKey) {
        Out out = moves.get(workloadKey);
        return out != null && out.dueLater() ? out.quietUntil() : Long.MAX_VALUE;
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

    /** An open incident changed what its moves wait for (its state, its taints): the moves not due yet are checked again. */
    void dueTimesChanged() {
        moves.values().removeIf(Out::dueLater);
    }

    /** A cluster or a policy changed: every workload's next check reads its stores again. */
    void changedAll() {
        moves.clear();
    }
}
