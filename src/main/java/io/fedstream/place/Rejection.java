package io.fedstream.place;

import java.util.List;

/**
 * Why one cluster was not a candidate: the affinity group it was considered in (null without
 * {@code clusterAffinities}), the reason, a human-readable detail and, for
 * {@link Reason#INSUFFICIENT_RESOURCES}, every resource that is short.
 */
public record Rejection(String group, String cluster, Reason reason, String detail, List<Fit.Shortage> shortages) {

    /** The reasons, in the order they are checked. */
    public enum Reason { NOT_IN_AFFINITY, AVOIDED, NOT_READY, UNTOLERATED_TAINT, INSUFFICIENT_RESOURCES }

    public Rejection {
        shortages = List.copyOf(shortages);
    }

    /** E.g. {@code member-2: INSUFFICIENT_RESOURCES: cpu short by 500m (needs 4500m, free 4)}. */
    public String message() {
        return (group == null ? "" : "[" + group + "] ") + cluster + ": " + reason + ": " + detail;
    }
}
