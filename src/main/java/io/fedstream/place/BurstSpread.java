package io.fedstream.place;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Spreads the targets of one failover burst (the moves of one incident that one task plans) over the survivors in
 * proportion to each one's free room when the burst began, counting the room already promised in it. Ranking by
 * headroom alone fills the survivors towards equal shares of their room left, so a small burst goes wholly to the
 * roomiest one; and the tasks of other partitions, which plan their own moves from the same views at the same time,
 * do the same. Filling each survivor in proportion to its free room within every task makes the whole burst follow
 * free room too. The first move of a burst keeps the scheduler's order (Karmada's choice of the roomiest cluster); the
 * next ones go to the candidate whose promised room, with this workload, is the smallest share of its free room at the
 * start. Only the candidates no PreferNoSchedule taint disprefers more than the best are reordered.
 */
public final class BurstSpread {

    private final Map<String, Map<String, BigInteger>> freeAtStart = new HashMap<>();
    private final Map<String, Map<String, BigInteger>> promised = new HashMap<>();

    /**
     * The candidates in the order to ask them: {@code ranked} is the scheduler's order ({@link ReplicaScheduler#place}),
     * {@code clusters} the view it ranked (its free room is each cluster's at the start of the burst, the first time the
     * burst sees it), {@code demands} what the workload needs.
     */
    public List<ScheduleResult.Candidate> order(List<ScheduleResult.Candidate> ranked, List<ClusterCapacity> clusters,
                                                List<ComponentDemand> demands) {
        for (ClusterCapacity cluster : clusters) {
            freeAtStart.computeIfAbsent(cluster.name(), name -> freeRoom(cluster));
        }
        if (ranked.size() < 2 || promised.isEmpty()) {
            return ranked;
        }
        Map<String, BigInteger> need = Fit.demand(demands, false);
        int best = ranked.get(0).dispreferredBy().size();
        List<ScheduleResult.Candidate> tier = new ArrayList<>(ranked.stream().filter(c -> c.dispreferredBy().size() == best).toList());
        tier.sort(Comparator.comparingDouble((ScheduleResult.Candidate c) -> filledShare(c.cluster(), need)));
        List<ScheduleResult.Candidate> ordered = new ArrayList<>(tier);
        ranked.stream().filter(c -> !tier.contains(c)).forEach(ordered::add);
        return ordered;
    }

    /** The workload's room is asked of {@code cluster}: it counts as promised for the rest of the burst. */
    public void promise(String cluster, List<ComponentDemand> demands) {
        Map<String, BigInteger> sum = promised.computeIfAbsent(cluster, name -> new HashMap<>());
        Fit.demand(demands, false).forEach((resource, amount) -> sum.merge(resource, amount, BigInteger::add));
    }

    /** The largest share, over the resources the workload needs, of the cluster's free room at the start that is promised with it. */
    private double filledShare(String cluster, Map<String, BigInteger> need) {
        Map<String, BigInteger> free = freeAtStart.getOrDefault(cluster, Map.of());
        Map<String, BigInteger> already = promised.getOrDefault(cluster, Map.of());
        double share = 0;
        for (Map.Entry<String, BigInteger> entry : need.entrySet()) {
            BigInteger room = free.getOrDefault(entry.getKey(), BigInteger.ZERO);
            if (room.signum() <= 0) {
                return Double.MAX_VALUE;
            }
            BigInteger taken = already.getOrDefault(entry.getKey(), BigInteger.ZERO).add(entry.getValue());
            share = Math.max(share, taken.doubleValue() / room.doubleValue());
        }
        return share;
    }

    private static Map<String, BigInteger> freeRoom(ClusterCapacity cluster) {
        Map<String, BigInteger> free = new HashMap<>();
        cluster.allocatable().amounts().keySet().forEach(resource -> free.put(resource, Fit.free(cluster, resource)));
        return free;
    }
}
