package io.fedstream.place;

import java.math.BigDecimal;

/**
 * A cluster that a workload may be scheduled to within one affinity group (it satisfies the affinity, is Ready and
 * tolerated), with what ranks it: the PreferNoSchedule taints it does not tolerate, the headroom the whole workload
 * would leave there ({@link Fit}), the whole replicas its free room holds ({@link AvailableReplicas}), and whether the
 * whole workload fits.
 */
record ScheduleCandidate(ClusterCapacity cluster, int dispreferred, BigDecimal headroom, long available, boolean fitsWhole) {

    String name() {
        return cluster.name();
    }
}
