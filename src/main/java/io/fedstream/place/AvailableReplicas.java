package io.fedstream.place;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * How many whole replicas of a workload a cluster's free room ({@code allocatable - allocated - reserved}) holds, where
 * one replica is one pod of every component that has pods: the largest n such that n such sets of pods fit together.
 * This is Karmada's general estimator ({@code pkg/estimator/client/general.go}: free room divided by the per-replica
 * request, a requested resource the cluster lacks giving 0, capped by the free pod slots) for a workload of several
 * pod templates, in exact integers.
 */
public final class AvailableReplicas {

    /** A workload that requests nothing fits any number of times. */
    public static final long UNBOUNDED = Long.MAX_VALUE;

    private AvailableReplicas() {}

    /** The whole replicas of {@code components} that fit the cluster's free room; {@link #UNBOUNDED} when a replica needs nothing. */
    public static long of(List<ComponentDemand> components, ClusterCapacity cluster) {
        List<ComponentDemand> onePodEach = components.stream()
                .filter(component -> component.replicas() > 0)
                .map(component -> new ComponentDemand(component.name(), 1, component.perPod()))
                .toList();
        Map<String, Long> allocatable = cluster.allocatable().amounts();
        Map<String, BigInteger> perReplica = Fit.demand(onePodEach, allocatable.containsKey("pods"));
        BigInteger fits = null;
        for (Map.Entry<String, BigInteger> entry : perReplica.entrySet()) {
            if (!allocatable.containsKey(entry.getKey())) {
                return 0;
            }
            BigInteger free = Fit.free(cluster, entry.getKey()).max(BigInteger.ZERO);
            BigInteger times = free.divide(entry.getValue());
            fits = fits == null ? times : fits.min(times);
        }
        if (fits == null) {
            return UNBOUNDED;
        }
        return fits.bitLength() < 63 ? fits.longValue() : UNBOUNDED;
    }
}
