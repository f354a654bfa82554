package io.fedstream.workstatus;

import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;

/**
 * How one report about a workload's copy on a cluster changes what is known of that copy: the executor's report
 * replaces the dispatch part, the agent's the observation part; a copy the executor removed is forgotten, and an agent's
 * report that a copy nobody knows of is gone adds nothing. Pure.
 */
final class WorkCopies {

    private WorkCopies() {}

    /** The copy after {@code report}; null when nothing is to be kept. */
    static WorkStatusEvent merge(WorkStatusEvent known, WorkStatusEvent report) {
        if (report.getDispatch() != null) {
            if (report.getDispatch().getState() == WorkState.REMOVED) {
                return null;
            }
            return WorkStatusEvent.newBuilder(report).setObservation(known == null ? null : known.getObservation()).build();
        }
        if (report.getObservation() != null) {
            if (known == null && !report.getObservation().getPresent()) {
                return null;
            }
            return WorkStatusEvent.newBuilder(report).setDispatch(known == null ? null : known.getDispatch()).build();
        }
        return known;
    }
}
