package io.fedstream.place;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Selects the clusters a workload goes to under its spread constraints, as Karmada's
 * {@code pkg/scheduler/core/spreadconstraint} does ({@code select_clusters.go}, {@code select_clusters_by_cluster.go},
 * {@code select_clusters_by_region.go}, {@code group_clusters.go}). The candidates come in preference order, which
 * plays the part of Karmada's cluster score.
 *
 * <ul>
 * <li>No constraint: every candidate.</li>
 * <li>Cluster only: fewer candidates than minGroups is a problem; otherwise the first maxGroups. When replicas are
 *     divided by available replicas, the selection must hold the replicas: from the last selected up, a selected
 *     cluster is swapped for the unselected one with the most available replicas when that has more.</li>
 * <li>A topology key (region, zone, provider or a label): candidates are grouped by it (a candidate without a value is
 *     left out); fewer groups than its minGroups is a problem; {@link SpreadGroups} chooses the groups; the best
 *     candidate of each chosen group is selected, then the others in preference order up to the cluster constraint's
 *     maxGroups.</li>
 * </ul>
 */
final class SpreadSelection {

    private static final SpreadConstraint ANY_CLUSTERS = new SpreadConstraint(SpreadConstraint.SpreadBy.cluster, null, 1, 0);

    /** The selected clusters, in preference order, or why none can be selected. */
    record Outcome(List<ScheduleCandidate> selected, String problem) {}

    private SpreadSelection() {}

    /**
     * Selects from {@code candidates} (in preference order). {@code replicas} is the workload's largest component's
     * replica count; {@code byAvailable} tells whether replicas are divided by the clusters' available replicas (then
     * the selection must hold them, and groups are weighed by how much of them they hold).
     */
    static Outcome select(List<ScheduleCandidate> candidates, List<SpreadConstraint> constraints, long replicas, boolean byAvailable) {
        if (constraints.isEmpty()) {
            return new Outcome(candidates, null);
        }
        SpreadConstraint clusters = ANY_CLUSTERS;
        SpreadConstraint topology = null;
        for (SpreadConstraint constraint : constraints) {
            if (constraint.by() == SpreadConstraint.SpreadBy.cluster) {
                clusters = constraint;
            } else {
                topology = constraint;
            }
        }
        return topology == null
                ? byCluster(candidates, clusters, byAvailable ? replicas : -1)
                : byTopology(candidates, topology, clusters, replicas, byAvailable);
    }

    private static Outcome byCluster(List<ScheduleCandidate> candidates, SpreadConstraint constraint, long needReplicas) {
        if (candidates.size() < constraint.minGroups()) {
            return new Outcome(List.of(), candidates.size() + " feasible cluster(s), fewer than the cluster spread constraint's minGroups "
                    + constraint.minGroups());
        }
        int count = constraint.maxOf(candidates.size());
        if (needReplicas < 0) {
            return new Outcome(List.copyOf(candidates.subList(0, count)), null);
        }
        List<ScheduleCandidate> selected = new ArrayList<>(candidates.subList(0, count));
        List<ScheduleCandidate> rest = new ArrayList<>(candidates.subList(count, candidates.size()));
        for (int i = selected.size() - 1; i >= 0 && sum(selected, ScheduleCandidate::available) < needReplicas; i--) {
            int best = -1;
            long most = selected.get(i).available();
            for (int j = 0; j < rest.size(); j++) {
                if (rest.get(j).available() > most) {
                    best = j;
                    most = rest.get(j).available();
                }
            }
            if (best >= 0) {
                ScheduleCandidate out = selected.set(i, rest.get(best));
                rest.set(best, out);
            }
        }
        if (sum(selected, ScheduleCandidate::available) < needReplicas) {
            return new Outcome(List.of(), "no " + count + " cluster(s) hold " + needReplicas + " replicas (most available: "
                    + sum(selected, ScheduleCandidate::available) + ")");
        }
        return new Outcome(List.copyOf(selected), null);
    }

    private static Outcome byTopology(List<ScheduleCandidate> candidates, SpreadConstraint topology, SpreadConstraint clusters,
                                      long replicas, boolean byAvailable) {
        Map<String, List<ScheduleCandidate>> groups = groups(candidates, keys(topology));
        String kind = topology.by() == SpreadConstraint.SpreadBy.label ? "value(s) of label " + topology.label() : topology.by() + "(s)";
        if (groups.size() < topology.minGroups()) {
            return new Outcome(List.of(), groups.size() + " feasible " + kind + ", fewer than the spread constraint's minGroups "
                    + topology.minGroups());
        }
        List<SpreadGroups.Group> weighed = new ArrayList<>();
        groups.forEach((name, members) -> weighed.add(new SpreadGroups.Group(name, members.size(),
                weight(members, replicas, byAvailable, topology.minGroups(), clusters.minGroups()))));
        // Karmada lets the groups outnumber the cluster constraint's maxGroups; fedstream holds both bounds.
        int max = Math.min(topology.maxOf(groups.size()), clusters.maxOf(groups.size()));
        List<SpreadGroups.Group> chosen = SpreadGroups.select(weighed, topology.minGroups(), max, clusters.minGroups());
        if (chosen.isEmpty()) {
            return new Outcome(List.of(), "no " + topology.minGroups() + " to " + max + " " + kind + " hold the " + clusters.minGroups()
                    + " cluster(s) the cluster spread constraint asks for");
        }
        Set<ScheduleCandidate> selected = new LinkedHashSet<>();
        List<ScheduleCandidate> others = new ArrayList<>();
        for (SpreadGroups.Group group : chosen) {
            List<ScheduleCandidate> members = groups.get(group.name());
            selected.add(members.get(0));
            others.addAll(members.subList(1, members.size()));
        }
        int limit = clusters.maxOf(Integer.MAX_VALUE);
        for (ScheduleCandidate candidate : candidates) {
            if (selected.size() >= limit) {
                break;
            }
            if (others.contains(candidate)) {
                selected.add(candidate);
            }
        }
        return new Outcome(candidates.stream().filter(selected::contains).toList(), null);
    }

    /**
     * A group's weight, Karmada's group score without cluster scores: with Duplicated replicas, how many of its clusters
     * fit the workload (all do here); divided by available replicas, how much of its share ({@code replicas / minGroups},
     * rounded up) its best clusters hold, counting at least as many clusters as the constraints' minGroups.
     */
    private static long weight(List<ScheduleCandidate> members, long replicas, boolean byAvailable, int groupMin, int clusterMin) {
        if (!byAvailable) {
            return members.stream().filter(ScheduleCandidate::fitsWhole).count();
        }
        long share = (replicas + groupMin - 1) / groupMin;
        int needed = Math.max(groupMin, clusterMin);
        long held = 0;
        int counted = 0;
        for (ScheduleCandidate member : members) {
            held = saturatedAdd(held, member.available());
            counted++;
            if (counted >= needed && held >= share) {
                break;
            }
        }
        return Math.min(held, share);
    }

    private static Function<ScheduleCandidate, List<String>> keys(SpreadConstraint topology) {
        return switch (topology.by()) {
            case region -> c -> single(c.cluster().topology().region());
            case provider -> c -> single(c.cluster().topology().provider());
            case zone -> c -> c.cluster().topology().zones();
            case label -> c -> single(c.cluster().labels().get(topology.label()));
            case cluster -> c -> List.of(c.name());
        };
    }

    private static Map<String, List<ScheduleCandidate>> groups(List<ScheduleCandidate> candidates, Function<ScheduleCandidate, List<String>> keys) {
        Map<String, List<ScheduleCandidate>> groups = new LinkedHashMap<>();
        for (ScheduleCandidate candidate : candidates) {
            for (String key : keys.apply(candidate)) {
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(candidate);
            }
        }
        return groups;
    }

    private static List<String> single(String value) {
        return value == null || value.isEmpty() ? List.of() : List.of(value);
    }

    /** The clusters' replicas by {@code count}, summed without overflow ({@link AvailableReplicas#UNBOUNDED} caps it). */
    static long sum(List<ScheduleCandidate> clusters, ToLongFunction<ScheduleCandidate> count) {
        long total = 0;
        for (ScheduleCandidate cluster : clusters) {
            total = saturatedAdd(total, count.applyAsLong(cluster));
        }
        return total;
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
