package io.fedstream.place;

import java.math.BigDecimal;
import java.util.List;

/**
 * A cluster that a workload may be scheduled to within one affinity group (it satisfies the affinity, is Ready and
 * tolerated), with what ranks it: whether the workload already runs there ({@code held}: its replicas there, as
 * Karmada's cluster locality counts them), the PreferNoSchedule taints it does not tolerate, the headroom the whole
 * workload would leave there ({@link Fit}), the whole replicas its free room holds ({@code free},
 * {@link AvailableReplicas}; counted for a division only, 0 otherwise), and whether the whole workload fits its free room.
 */
record ScheduleCandidate(ClusterCapacity cluster, long held, List<ClusterTaint> dispreferredBy, BigDecimal headroom, long free,
                         boolean fitsWhole) {

    String name() {
        return cluster.name();
    }

    int dispreferred() {
        return dispreferredBy.size();
    }

    boolean holds() {
        return held > 0;
    }

    /**
     * The replicas this cluster can run: those it runs already and those its free room holds, as Karmada counts a
     * cluster's available replicas when selecting clusters ({@code group_clusters.go} {@code generateClustersInfo}).
     */
    long available() {
        return SpreadSelection.saturatedAdd(free, held);
    }
}
