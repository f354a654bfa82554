package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import java.util.Arrays;

/** Short ways to write the demands and placements that the ledger's tests charge. */
final class Demands {

    private Demands() {}

    /** An unplaced workload with requests and replicas only. */
    static Demand demand(Resources requests, long pods) {
        return new Demand(requests, Resources.NONE, pods, null);
    }

    static Demand placed(Demand demand, Placement where) {
        return new Demand(demand.requests(), demand.limits(), demand.pods(), where);
    }

    /** Every cluster runs a full copy. */
    static Placement duplicated(String... clusters) {
        return new Placement(Placement.Scheduling.DUPLICATED, Arrays.stream(clusters).map(c -> target(c, null)).toList());
    }

    /** A cluster whose copy requests what the workload's manifest says. */
    static Placement.Target target(String cluster, Long replicas) {
        return new Placement.Target(cluster, replicas, null);
    }
}
