package io.fedstream.place;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Chooses the cluster for a workload: a cluster is a candidate when it satisfies the policy's
 * affinity, is not avoided, is Ready, tolerates every NoSchedule and NoExecute taint, serves the workload's kind, and fits
 * every pod of every component ({@link Fit}). With {@code clusterAffinities} the groups are tried
 * in order and the first group with a candidate is used. Candidates are ordered by fewest
 * untolerated PreferNoSchedule taints, then most headroom after placement, then name. Each
 * chosen cluster must fit the whole workload (Duplicated); one cluster is chosen.
 */
public final class Placer {

    private static final Comparator<ScheduleResult.Candidate> PREFERENCE = Comparator
            .comparingInt((ScheduleResult.Candidate c) -> c.dispreferredBy().size())
            .thenComparing(ScheduleResult.Candidate::headroom, Comparator.reverseOrder())
            .thenComparing(ScheduleResult.Candidate::cluster);

    /**
     * What to place and where: the components, the governing policy (null: every Ready cluster
     * is a candidate), the known clusters, the clusters to avoid (just fled, unhealthy), and the workload's kind as
     * {@code apiVersion/kind} (null: not checked against the kinds clusters serve).
     */
    public record Request(List<ComponentDemand> components, PropagationPolicy policy, List<ClusterCapacity> clusters, Set<String> avoid,
                          String kind) {

        public Request {
            components = List.copyOf(components);
            clusters = List.copyOf(clusters);
            avoid = Set.copyOf(avoid);
        }

        /** A request whose kind is not checked against the kinds clusters serve. */
        public Request(List<ComponentDemand> components, PropagationPolicy policy, List<ClusterCapacity> clusters, Set<String> avoid) {
            this(components, policy, clusters, avoid, null);
        }

        PropagationPolicy.Placement placement() {
            return policy == null ? PropagationPolicy.Placement.ANYWHERE : policy.placement();
        }
    }

    /** Places the workload, trying affinity groups from the first. */
    public ScheduleResult place(Request request) {
        return placeFromGroup(request, 0);
    }

    /**
     * Places the workload from affinity group {@code groupIndex} on: a failover stays in the group the workload
     * ran in while it has a candidate, and moves to the next groups when it has none.
     */
    public ScheduleResult placeFromGroup(Request request, int groupIndex) {
        int first = Math.max(0, groupIndex);
        PropagationPolicy.Placement placement = request.placement();
        List<ClusterAffinity> groups = placement.affinityGroups().isEmpty() ? List.of(ClusterAffinity.ANY) : placement.affinityGroups();
        if (first >= groups.size()) {
            String why = placement.groupsNamed()
                    ? "no affinity group after group " + (first - 1) + " (" + groups.size() + " groups)"
                    : "the policy has no affinity groups to fall back to";
            return new ScheduleResult.Unschedulable(why, List.of());
        }
        List<Rejection> rejections = new ArrayList<>();
        for (int i = first; i < groups.size(); i++) {
            ClusterAffinity group = groups.get(i);
            List<ScheduleResult.Candidate> candidates = new ArrayList<>();
            for (ClusterCapacity cluster : request.clusters()) {
                Rejection ineligible = ineligible(request, placement, group, cluster, false);
                if (ineligible == null) {
                    ineligible = apiNotServed(request, group, cluster);
                }
                if (ineligible != null) {
                    rejections.add(ineligible);
                    continue;
                }
                // One check per cluster: its verdict is both why the cluster is short and, when it fits, its headroom.
                Fit.Verdict verdict = Fit.check(request.components(), cluster);
                if (!verdict.fits()) {
                    rejections.add(shortOf(group.name(), cluster, verdict));
                } else {
                    candidates.add(new ScheduleResult.Candidate(cluster.name(), verdict.headroom(), dispreferring(cluster, placement)));
                }
            }
            if (!candidates.isEmpty()) {
                candidates.sort(PREFERENCE);
                return new ScheduleResult.Ranked(candidates, i, group.name(), rejections);
            }
        }
        String summary = request.clusters().isEmpty() ? "no cluster is known"
                : "no cluster fits" + (placement.groupsNamed() ? " in any affinity group from group " + first : "")
                        + " (" + unavailable(request.clusters().size(), groups.get(first).name(), rejections) + ")";
        return new ScheduleResult.Unschedulable(summary, rejections);
    }

    /**
     * Karmada's {@code FitError}: "0/3 clusters are available: 2 cluster(s) had insufficient cpu, 1 cluster(s) had
     * untolerated taint {...}", each cause counted once per cluster, for the first affinity group tried (Karmada reports
     * the first group's error too). The counts, not the amounts, so that the text changes only when a cause does:
     * the binding is rewritten when its reason changes. Largest count first, then by text.
     */
    static String unavailable(int clusters, String firstGroup, List<Rejection> rejections) {
        Map<String, Set<String>> clustersByCause = new TreeMap<>();
        for (Rejection rejection : rejections) {
            if (Objects.equals(rejection.group(), firstGroup)) {
                rejection.causes().forEach(cause -> clustersByCause.computeIfAbsent(cause, c -> new HashSet<>()).add(rejection.cluster()));
            }
        }
        String causes = clustersByCause.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<String, Set<String>> e) -> -e.getValue().size()).thenComparing(Map.Entry::getKey))
                .map(e -> e.getValue().size() + " " + e.getKey())
                .collect(Collectors.joining(", "));
        return "0/" + clusters + " clusters are available" + (causes.isEmpty() ? "" : ": " + causes);
    }

    /**
     * Why the cluster cannot take the workload whatever its room (affinity, avoided, not Ready, an untolerated taint); null
     * when it can. For a schedule of a workload that already runs on the cluster ({@code inBinding}) its taints do not
     * filter it, as Karmada's TaintToleration filter lets through the clusters already in the binding ({@code
     * taint_toleration.go} {@code Filter}), since an untolerated NoExecute taint evicts the workload through the taint
     * manager, and a NoSchedule taint is only about new placements.
     */
    static Rejection ineligible(Request request, PropagationPolicy.Placement placement, ClusterAffinity group, ClusterCapacity cluster,
                                boolean inBinding) {
        String name = cluster.name();
        String notInAffinity = group.whyNot(name, cluster.labels(), cluster.topology());
        if (notInAffinity != null) {
            return Rejection.notInAffinity(group.name(), name, notInAffinity);
        }
        if (request.avoid().contains(name)) {
            return Rejection.avoided(group.name(), name);
        }
        if (!cluster.ready()) {
            return Rejection.notReady(group.name(), name, cluster.notReadyBecause());
        }
        for (ClusterTaint taint : inBinding ? List.<ClusterTaint>of() : cluster.taints()) {
            if (taint.effect() != ClusterTaint.Effect.PreferNoSchedule && !tolerated(taint, placement)) {
                return Rejection.untoleratedTaint(group.name(), name, taint);
            }
        }
        return null;
    }

    /**
     * Karmada's APIEnablement filter ({@code pkg/scheduler/framework/plugins/apienablement}): a cluster that does not
     * serve the workload's kind is no candidate for a new placement; one that already runs it is (the caller skips
     * this check for it), so that a lost API never deletes what runs.
     */
    static Rejection apiNotServed(Request request, ClusterAffinity group, ClusterCapacity cluster) {
        return request.kind() == null || cluster.serves(request.kind()) ? null : Rejection.apiNotServed(group.name(), cluster.name(), request.kind());
    }

    /** The cluster's shortages as an INSUFFICIENT_RESOURCES rejection in {@code group}; null when the verdict fits. */
    static Rejection shortOf(String group, ClusterCapacity cluster, Fit.Verdict verdict) {
        return verdict.fits() ? null : Rejection.insufficient(group, cluster.name(), verdict.shortages());
    }

    static List<ClusterTaint> dispreferring(ClusterCapacity cluster, PropagationPolicy.Placement placement) {
        List<ClusterTaint> out = new ArrayList<>();
        for (ClusterTaint taint : cluster.taints()) {
            if (taint.effect() == ClusterTaint.Effect.PreferNoSchedule && !tolerated(taint, placement)) {
                out.add(taint);
            }
        }
        return out;
    }

    private static boolean tolerated(ClusterTaint taint, PropagationPolicy.Placement placement) {
        for (Toleration toleration : placement.tolerations()) {
            if (toleration.tolerates(taint)) {
                return true;
            }
        }
        return false;
    }
}
