package io.fedstream.place;

import io.fedstream.admit.Placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * Decides which clusters a workload runs on, as Karmada v1.15's scheduler does ({@code pkg/scheduler/core}:
 * {@code common.go}, {@code assignment.go}, {@code division_algorithm.go}, {@code spreadconstraint/}); pure, no
 * Kafka types. Affinity groups are tried in order; in a group, the eligible clusters are those that satisfy the group's
 * affinity, are not avoided, are Ready, tolerate every NoSchedule and NoExecute taint, and serve the workload's kind
 * (Karmada's APIEnablement filter); a cluster that already runs the workload is not filtered by its taints or kind.
 * Clusters rank by fewest untolerated PreferNoSchedule taints, then most headroom after placement ({@link Fit}), then
 * name.
 *
 * <ul>
 * <li>One active cluster ({@link #place}): the eligible clusters that fit every pod of every component, in that order,
 *     from the first group that has one; fedstream asks the first for room and the next ones when it is refused.</li>
 * <li>Duplicated: every eligible cluster, in that order, bounded by the spread constraints
 *     ({@link SpreadSelection}); each runs every replica. As in Karmada, room is no filter here (its scheduler has no
 *     resource filter plugin, and {@code assignByDuplicatedStrategy} gives every selected cluster every replica): a
 *     cluster whose reported room cannot hold the copy is a target all the same, with a {@link ScheduleResult.RoomNote}.</li>
 * <li>Divided, static weights: the clusters a weight rule matches (a cluster's weight is the largest of the rules
 *     that match it; when none matches any, every cluster weighs 1) share each component's replicas by
 *     {@link WeightedDivision}; as in Karmada's {@code assignByStaticWeightStrategy}, room is no filter either, and a
 *     share beyond a cluster's room gets a note.</li>
 * <li>Divided, dynamic weight or Aggregated: weights are the clusters' {@link AvailableReplicas}; the selected
 *     clusters must hold the replicas; Aggregated keeps only the fewest clusters, most available first, that hold
 *     them.</li>
 * </ul>
 *
 * A workload of several components has each component's replicas divided with the same weights; a division by
 * available replicas is only made when every cluster's share of every component fits its free room, else the group
 * fails naming the cluster and the resource. Since room filters nothing for Duplicated and static weights, a
 * {@code clusterAffinities} group with an eligible cluster takes such a workload whatever its room, as in Karmada. Clusters left with no pods are dropped (Karmada's {@code removeZeroReplicasCluster}).
 * {@link #reschedule} schedules again where the workload runs, moving only what must move.
 */
public final class ReplicaScheduler {

    /** Why a group fails its spread constraints, for the binding: the audit has the counts and amounts. */
    private static final String SPREAD_UNMET = "the spread constraints cannot be met";
    /** Clusters that already run the workload first, as Karmada's ClusterLocality score puts them. */
    private static final Comparator<ScheduleCandidate> LOCALITY = Comparator.comparing(c -> !c.holds());
    /** Divided clusters rank after locality by untolerated PreferNoSchedule taints, then available replicas (most first), then name. */
    private static final Comparator<ScheduleCandidate> BY_AVAILABLE = LOCALITY
            .thenComparingInt(ScheduleCandidate::dispreferred)
            .thenComparing(Comparator.comparingLong(ScheduleCandidate::available).reversed())
            .thenComparing(ScheduleCandidate::name);
    /** One active cluster and Duplicated clusters rank after locality by taints, then headroom after placement, then name. */
    private static final Comparator<ScheduleCandidate> BY_HEADROOM = LOCALITY
            .thenComparingInt(ScheduleCandidate::dispreferred)
            .thenComparing(ScheduleCandidate::headroom, Comparator.reverseOrder())
            .thenComparing(ScheduleCandidate::name);

    /**
     * What to schedule and where: the components, the governing policy (null: every Ready cluster
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

        PropagationPolicy.Placement placement() {
            return policy == null ? PropagationPolicy.Placement.ANYWHERE : policy.placement();
        }
    }

    /**
     * True when the placement is scheduled over several clusters ({@link #schedule}): all but Duplicated with one cluster
     * constraint of maxGroups 1, which is placed on one active cluster ({@link #place}; Karmada's "one active cluster",
     * {@code [{spreadByField: cluster, maxGroups: 1}]}).
     */
    public static boolean needsSeveralClusters(PropagationPolicy.Placement placement) {
        List<SpreadConstraint> spread = placement.spreadConstraints();
        return placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided
                || !(spread.size() == 1 && spread.get(0).by() == SpreadConstraint.SpreadBy.cluster && spread.get(0).maxGroups() == 1);
    }

    /** Places the workload on one active cluster, trying affinity groups from the first. */
    public ScheduleResult place(Request request) {
        return placeFromGroup(request, 0);
    }

    /**
     * Places the workload on one active cluster from affinity group {@code groupIndex} on: a failover stays in the group
     * the workload ran in while it has a candidate, and moves to the next groups when it has none. A {@link
     * ScheduleResult.Ranked} or an {@link ScheduleResult.Unschedulable}.
     */
    public ScheduleResult placeFromGroup(Request request, int groupIndex) {
        int first = Math.max(0, groupIndex);
        PropagationPolicy.Placement placement = request.placement();
        List<ClusterAffinity> groups = groups(placement);
        if (first >= groups.size()) {
            return new ScheduleResult.Unschedulable(placement.groupsNamed() ? afterTheLast(first, groups)
                    : "the policy has no affinity groups to fall back to", List.of());
        }
        List<Rejection> rejections = new ArrayList<>();
        for (int i = first; i < groups.size(); i++) {
            List<ScheduleCandidate> fitting = eligible(request, placement, groups.get(i), Map.of(), true, rejections);
            if (!fitting.isEmpty()) {
                fitting.sort(BY_HEADROOM);
                return new ScheduleResult.Ranked(fitting.stream()
                        .map(c -> new ScheduleResult.Candidate(c.name(), c.dispreferredBy())).toList(),
                        i, groups.get(i).name(), rejections);
            }
        }
        String summary = request.clusters().isEmpty() ? "no cluster is known"
                : "no cluster fits" + (placement.groupsNamed() ? " in any affinity group from group " + first : "")
                        + " (" + unavailable(request.clusters().size(), groups.get(first).name(), rejections) + ")";
        return new ScheduleResult.Unschedulable(summary, rejections);
    }

    /** Schedules the workload over several clusters, trying affinity groups from the first. */
    public ScheduleResult schedule(Request request) {
        return scheduleFromGroup(request, 0);
    }

    /** Schedules the workload from affinity group {@code groupIndex} on (failover stays in its group while it can). */
    public ScheduleResult scheduleFromGroup(Request request, int groupIndex) {
        return reschedule(request, groupIndex, List.of());
    }

    /**
     * Schedules the workload again where it already runs on {@code previousTargets} (e.g. after one of those clusters
     * failed: the caller avoids it), as Karmada's scheduler does in its steady mode: the clusters that run it rank first
     * (its ClusterLocality score), count what they run as available, and are not filtered by their taints (its
     * TaintToleration filter); Duplicated keeps its copies where they still may run and adds a cluster only when the
     * spread constraints call for one; Divided by available replicas keeps every remaining share and divides only the
     * missing replicas over the clusters' free room ({@code dynamicScaleUp}), and a component now asked for fewer
     * replicas than it runs is first divided again in proportion to what each cluster runs ({@link
     * ProportionalScaleDown}, {@code dynamicScaleDown}); static weights divide afresh, ties going to the clusters that
     * held more. The same call serves a plain change of the replicas asked: nothing is avoided then. A {@link
     * ScheduleResult.Scheduled} or an {@link ScheduleResult.Unschedulable}.
     */
    public ScheduleResult reschedule(Request request, int groupIndex, List<ScheduleResult.Target> previousTargets) {
        Map<String, Map<String, Long>> previous = new LinkedHashMap<>();
        previousTargets.forEach(target -> previous.put(target.cluster(), target.components()));
        PropagationPolicy.Placement placement = request.placement();
        List<ClusterAffinity> groups = groups(placement);
        List<Rejection> rejections = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String firstGroupWhy = null;
        for (int i = Math.max(0, groupIndex); i < groups.size(); i++) {
            ClusterAffinity group = groups.get(i);
            List<ScheduleCandidate> eligible = eligible(request, placement, group, previous, false, rejections);
            Attempt attempt = placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided
                    ? divided(request, placement, group, eligible, previous, rejections)
                    : duplicated(request, placement, eligible);
            if (attempt.targets() != null) {
                return new ScheduleResult.Scheduled(attempt.targets(), attempt.scheduling(), i, rejections, attempt.notes());
            }
            problems.add(where(group, placement) + attempt.problem());
            if (firstGroupWhy == null) {
                firstGroupWhy = rejectedEverywhere(group, request.clusters(), rejections)
                        ? unavailable(request.clusters().size(), group.name(), rejections) : attempt.reason();
            }
        }
        String summary = request.clusters().isEmpty() ? "no cluster is known"
                : groupIndex >= groups.size() ? afterTheLast(groupIndex, groups)
                : "no " + (placement.groupsNamed() ? "affinity group from group " + groupIndex : "set of clusters")
                + " can take the workload";
        return new ScheduleResult.Unschedulable(summary, request.clusters().isEmpty() ? null : firstGroupWhy, problems, rejections);
    }

    /** The affinity groups to try: the policy's, or one that every cluster satisfies. */
    private static List<ClusterAffinity> groups(PropagationPolicy.Placement placement) {
        return placement.affinityGroups().isEmpty() ? List.of(ClusterAffinity.ANY) : placement.affinityGroups();
    }

    private static String afterTheLast(int groupIndex, List<ClusterAffinity> groups) {
        return "no affinity group after group " + (groupIndex - 1) + " (" + groups.size() + " groups)";
    }

    /**
     * The clusters of {@code group} that may take the workload, unranked; why each other one may not is added to
     * {@code rejections}, in the clusters' order. A cluster in {@code running} (what each cluster runs now) is not
     * filtered by its taints, as Karmada's TaintToleration filter lets through the clusters already in the binding
     * ({@code taint_toleration.go} {@code Filter}: an untolerated NoExecute taint evicts the workload through the taint
     * manager, and a NoSchedule taint is only about new placements), nor by its kind (Karmada's APIEnablement filter
     * lets it through too), so that a lost API never deletes what runs. With {@code roomFilters} a cluster the whole
     * workload does not fit is left out too.
     */
    private static List<ScheduleCandidate> eligible(Request request, PropagationPolicy.Placement placement, ClusterAffinity group,
                                                    Map<String, Map<String, Long>> running, boolean roomFilters, List<Rejection> rejections) {
        List<ScheduleCandidate> eligible = new ArrayList<>();
        // Only a division counts the replicas a cluster's free room holds.
        boolean divided = placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided;
        for (ClusterCapacity cluster : request.clusters()) {
            Rejection rejection = ineligible(request, placement, group, cluster, running.containsKey(cluster.name()));
            if (rejection != null) {
                rejections.add(rejection);
                continue;
            }
            // One check per cluster: its verdict is both why the cluster is short and, when it fits, its headroom.
            Fit.Verdict verdict = Fit.check(request.components(), cluster);
            if (roomFilters && !verdict.fits()) {
                rejections.add(Rejection.insufficient(group.name(), cluster.name(), verdict.shortages()));
                continue;
            }
            long held = running.getOrDefault(cluster.name(), Map.of()).values().stream().mapToLong(Long::longValue).max().orElse(0);
            eligible.add(new ScheduleCandidate(cluster, held, dispreferring(cluster, placement), verdict.headroom(),
                    divided ? AvailableReplicas.of(request.components(), cluster) : 0, verdict.fits()));
        }
        return eligible;
    }

    /**
     * Why the cluster cannot take the workload whatever its room, in the order of {@link Rejection.Reason}; null when it
     * can ({@code runs}: it already runs the workload).
     */
    private static Rejection ineligible(Request request, PropagationPolicy.Placement placement, ClusterAffinity group, ClusterCapacity cluster,
                                        boolean runs) {
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
        for (ClusterTaint taint : runs ? List.<ClusterTaint>of() : cluster.taints()) {
            if (taint.effect() != ClusterTaint.Effect.PreferNoSchedule && !tolerated(taint, placement)) {
                return Rejection.untoleratedTaint(group.name(), name, taint);
            }
        }
        if (!runs && request.kind() != null && !cluster.serves(request.kind())) {
            return Rejection.apiNotServed(group.name(), name, request.kind());
        }
        return null;
    }

    private static List<ClusterTaint> dispreferring(ClusterCapacity cluster, PropagationPolicy.Placement placement) {
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

    /**
     * Karmada's {@code FitError}: "0/3 clusters are available: 2 cluster(s) had insufficient cpu, 1 cluster(s) had
     * untolerated taint {...}", each cause counted once per cluster, for the first affinity group tried (Karmada reports
     * the first group's error too). The counts, not the amounts, so that the text changes only when a cause does:
     * the binding is rewritten when its reason changes. Largest count first, then by text.
     */
    private static String unavailable(int clusters, String firstGroup, List<Rejection> rejections) {
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

    /** Whether every cluster was turned down in the group, by a filter or for room: Karmada's FitError then says why. */
    private static boolean rejectedEverywhere(ClusterAffinity group, List<ClusterCapacity> clusters, List<Rejection> rejections) {
        Set<String> rejected = new HashSet<>();
        rejections.stream().filter(r -> Objects.equals(r.group(), group.name())).forEach(r -> rejected.add(r.cluster()));
        return rejected.size() >= clusters.size();
    }

    /**
     * The targets of one group, or why the group cannot take the workload: {@code problem} with the amounts, for the
     * audit, and {@code reason} without them, for the binding, which is rewritten only when its reason changes.
     */
    private record Attempt(List<ScheduleResult.Target> targets, Placement.Scheduling scheduling, List<ScheduleResult.RoomNote> notes,
                           String problem, String reason) {

        static Attempt scheduled(List<ScheduleResult.Target> targets, Placement.Scheduling scheduling, List<ScheduleResult.RoomNote> notes) {
            return new Attempt(targets, scheduling, notes, null, null);
        }

        /** A problem that names no amount, so that it is its own reason. */
        static Attempt failed(String problem) {
            return new Attempt(null, null, List.of(), problem, problem);
        }

        static Attempt failed(String problem, String reason) {
            return new Attempt(null, null, List.of(), problem, reason);
        }
    }

    private static Attempt duplicated(Request request, PropagationPolicy.Placement placement, List<ScheduleCandidate> eligible) {
        if (eligible.isEmpty()) {
            return Attempt.failed("no eligible cluster");
        }
        List<ScheduleCandidate> feasible = new ArrayList<>(eligible);
        feasible.sort(BY_HEADROOM);
        SpreadSelection.Outcome outcome = SpreadSelection.select(feasible, placement.spreadConstraints(), replicas(request), false);
        if (outcome.problem() != null) {
            return Attempt.failed(outcome.problem(), SPREAD_UNMET);
        }
        Map<String, Long> all = new LinkedHashMap<>();
        request.components().forEach(component -> all.put(component.name(), component.replicas()));
        List<ScheduleResult.RoomNote> notes = new ArrayList<>();
        for (ScheduleCandidate candidate : outcome.selected()) {
            if (!candidate.fitsWhole() && !candidate.holds()) {
                notes.add(new ScheduleResult.RoomNote(candidate.name(), all,
                        Fit.check(request.components(), candidate.cluster()).shortages(),
                        Fit.largestPart(request.components(), candidate.cluster())));
            }
        }
        return Attempt.scheduled(outcome.selected().stream().map(c -> new ScheduleResult.Target(c.name(), all)).toList(),
                Placement.Scheduling.DUPLICATED, notes);
    }

    private static Attempt divided(Request request, PropagationPolicy.Placement placement, ClusterAffinity group,
                                   List<ScheduleCandidate> eligible, Map<String, Map<String, Long>> previous, List<Rejection> rejections) {
        if (eligible.isEmpty()) {
            return Attempt.failed("no eligible cluster");
        }
        ReplicaDivision division = placement.division();
        long replicas = replicas(request);
        eligible.sort(BY_AVAILABLE);
        SpreadSelection.Outcome outcome = SpreadSelection.select(eligible, placement.spreadConstraints(), replicas,
                division.byAvailableReplicas());
        if (outcome.problem() != null) {
            return Attempt.failed(outcome.problem(), SPREAD_UNMET);
        }
        List<ScheduleCandidate> selected = outcome.selected();
        Map<String, Map<String, Long>> kept = kept(selected, previous);
        if (division.byAvailableReplicas() && !kept.isEmpty() && replicas > 0) {
            Map<String, Map<String, Long>> scaledDown = ProportionalScaleDown.of(request.components(), kept,
                    division.preference() == ReplicaDivision.Preference.Aggregated);
            return scaleUp(request, group, division, selected, scaledDown, kept, rejections);
        }
        List<WeightedDivision.Weight> weights;
        if (division.byAvailableReplicas()) {
            long available = SpreadSelection.sum(selected, ScheduleCandidate::available);
            if (available < replicas) {
                return Attempt.failed("the clusters' available replicas (" + available + ") are not enough for " + replicas
                        + describe(selected, ScheduleCandidate::available), "the clusters' available replicas are not enough");
            }
            List<ScheduleCandidate> used = selected;
            if (division.preference() == ReplicaDivision.Preference.Aggregated) {
                // Karmada's Aggregated: the fewest clusters, most available replicas first, that hold the replicas.
                List<ScheduleCandidate> byAvailable = new ArrayList<>(selected);
                byAvailable.sort(Comparator.comparingLong(ScheduleCandidate::available).reversed());
                used = fewest(byAvailable, ScheduleCandidate::available, replicas);
            }
            weights = used.stream().map(c -> new WeightedDivision.Weight(c.name(), c.available())).toList();
        } else {
            List<ScheduleCandidate> heldMostFirst = new ArrayList<>(selected);
            heldMostFirst.sort(Comparator.comparingLong(ScheduleCandidate::held).reversed());
            weights = staticWeights(heldMostFirst, division);
        }
        return share(request, group, selected, weights, Map.of(), previous, rejections, division.byAvailableReplicas());
    }

    /**
     * The shares that run on the selected clusters, in the selected clusters' order (Karmada's {@code
     * buildScheduledClusters}: a previous cluster that is no longer a candidate is left out, and its replicas count as
     * missing).
     */
    private static Map<String, Map<String, Long>> kept(List<ScheduleCandidate> selected, Map<String, Map<String, Long>> previous) {
        Map<String, Map<String, Long>> kept = new LinkedHashMap<>();
        for (ScheduleCandidate candidate : selected) {
            if (previous.containsKey(candidate.name())) {
                kept.put(candidate.name(), previous.get(candidate.name()));
            }
        }
        return kept;
    }

    /**
     * Keeps the shares {@code kept} (what runs, scaled down where fewer replicas are asked) and divides each component's
     * missing replicas by the clusters' free room; only pods beyond those a cluster runs ({@code running}) need room.
     */
    private static Attempt scaleUp(Request request, ClusterAffinity group, ReplicaDivision division, List<ScheduleCandidate> selected,
                                   Map<String, Map<String, Long>> kept, Map<String, Map<String, Long>> running, List<Rejection> rejections) {
        List<ComponentDemand> missing = new ArrayList<>();
        long target = 0;
        for (ComponentDemand component : request.components()) {
            long keeps = kept.values().stream().mapToLong(share -> share.getOrDefault(component.name(), 0L)).sum();
            missing.add(new ComponentDemand(component.name(), component.replicas() - keeps, component.perPod()));
            target = Math.max(target, component.replicas() - keeps);
        }
        long free = SpreadSelection.sum(selected, ScheduleCandidate::free);
        if (free < target) {
            return Attempt.failed("the clusters' free room holds " + free + " more replicas, not the " + target + " missing"
                    + describe(selected, ScheduleCandidate::free), "the clusters' free room is not enough for the missing replicas");
        }
        List<ScheduleCandidate> used = selected;
        if (division.preference() == ReplicaDivision.Preference.Aggregated) {
            // Karmada's resortAvailableClusters: the clusters that run it first, then the most free room.
            List<ScheduleCandidate> ordered = new ArrayList<>(selected);
            ordered.sort(LOCALITY.thenComparing(Comparator.comparingLong(ScheduleCandidate::free).reversed()));
            used = fewest(ordered, ScheduleCandidate::free, target);
        }
        List<WeightedDivision.Weight> weights = used.stream().map(c -> new WeightedDivision.Weight(c.name(), c.free())).toList();
        return share(new Request(missing, request.policy(), request.clusters(), request.avoid(), request.kind()), group, selected, weights, kept,
                running, rejections, true);
    }

    /** The first of {@code ordered} (at least one) whose counts together reach {@code target} (Aggregated). */
    static <T> List<T> fewest(List<T> ordered, ToLongFunction<T> count, long target) {
        List<T> used = new ArrayList<>();
        long held = 0;
        for (T each : ordered) {
            used.add(each);
            held = SpreadSelection.saturatedAdd(held, count.applyAsLong(each));
            if (held >= target) {
                break;
            }
        }
        return used;
    }

    /** Each selected cluster's weight: the largest weight of the rules matching it; 1 each when no rule matches any. */
    private static List<WeightedDivision.Weight> staticWeights(List<ScheduleCandidate> selected, ReplicaDivision division) {
        List<WeightedDivision.Weight> weights = new ArrayList<>();
        for (ScheduleCandidate candidate : selected) {
            long weight = 0;
            for (ReplicaDivision.StaticWeight rule : division.staticWeights()) {
                if (rule.targetCluster().whyNot(candidate.name(), candidate.cluster().labels(), candidate.cluster().topology()) == null) {
                    weight = Math.max(weight, rule.weight());
                }
            }
            if (weight > 0) {
                weights.add(new WeightedDivision.Weight(candidate.name(), weight));
            }
        }
        if (weights.isEmpty()) {
            selected.forEach(candidate -> weights.add(new WeightedDivision.Weight(candidate.name(), 1)));
        }
        return weights;
    }

    /**
     * Divides every component of {@code request} by the weights and adds it to what each cluster keeps ({@code kept});
     * the pods a cluster gets beyond those it runs now ({@code running}) must fit its free room when
     * {@code roomBinds} (a division by available replicas), and are noted where they do not otherwise.
     */
    private static Attempt share(Request request, ClusterAffinity group, List<ScheduleCandidate> selected,
                                 List<WeightedDivision.Weight> weights, Map<String, Map<String, Long>> kept,
                                 Map<String, Map<String, Long>> running, List<Rejection> rejections, boolean roomBinds) {
        Map<String, Map<String, Long>> shares = new LinkedHashMap<>();
        weights.forEach(weight -> shares.put(weight.cluster(), new LinkedHashMap<>()));
        for (ComponentDemand component : request.components()) {
            WeightedDivision.divide(component.replicas(), weights).forEach((cluster, pods) -> {
                if (pods > 0) {
                    shares.get(cluster).put(component.name(), pods);
                }
            });
        }
        // Karmada schedules a workload of 0 replicas to every selected cluster, with none.
        boolean nothingToRun = kept.isEmpty() && replicas(request) == 0;
        List<ScheduleResult.Target> targets = new ArrayList<>();
        List<String> shortages = new ArrayList<>();
        List<String> tooSmall = new ArrayList<>();
        List<ScheduleResult.RoomNote> notes = new ArrayList<>();
        for (ScheduleCandidate candidate : selected) {
            Map<String, Long> share = shares.getOrDefault(candidate.name(), Map.of());
            Map<String, Long> keeps = kept.getOrDefault(candidate.name(), Map.of());
            Map<String, Long> runs = running.getOrDefault(candidate.name(), Map.of());
            Map<String, Long> total = new LinkedHashMap<>();
            for (ComponentDemand component : request.components()) {
                long pods = keeps.getOrDefault(component.name(), 0L) + share.getOrDefault(component.name(), 0L);
                if (pods > 0) {
                    total.put(component.name(), pods);
                }
            }
            if (total.isEmpty() && !(nothingToRun && shares.containsKey(candidate.name()))) {
                continue;
            }
            List<ComponentDemand> demand = request.components().stream()
                    .map(component -> new ComponentDemand(component.name(),
                            Math.max(0, total.getOrDefault(component.name(), 0L) - runs.getOrDefault(component.name(), 0L)), component.perPod()))
                    .toList();
            Fit.Verdict verdict = Fit.check(demand, candidate.cluster());
            if (!roomBinds && !verdict.fits()) {
                notes.add(new ScheduleResult.RoomNote(candidate.name(), total, verdict.shortages(), Fit.largestPart(demand, candidate.cluster())));
            }
            Rejection shortage = roomBinds && !verdict.fits() ? Rejection.insufficient(group.name(), candidate.name(), verdict.shortages()) : null;
            if (shortage != null) {
                rejections.add(shortage);
                shortages.add("cluster " + candidate.name() + " cannot hold its share " + share + ": " + shortage.detail());
                tooSmall.add(candidate.name());
            }
            targets.add(new ScheduleResult.Target(candidate.name(), total));
        }
        if (!shortages.isEmpty()) {
            return Attempt.failed(String.join("; ", shortages), "its share does not fit on " + String.join(", ", tooSmall));
        }
        return Attempt.scheduled(targets, Placement.Scheduling.DIVIDED, notes);
    }

    /** The replicas a division must place: the largest component's (each component is divided by the same weights). */
    private static long replicas(Request request) {
        return request.components().stream().mapToLong(ComponentDemand::replicas).max().orElse(0);
    }

    private static String describe(List<ScheduleCandidate> clusters, ToLongFunction<ScheduleCandidate> replicas) {
        List<String> parts = new ArrayList<>();
        for (ScheduleCandidate candidate : clusters) {
            long count = replicas.applyAsLong(candidate);
            parts.add(candidate.name() + "=" + (count == AvailableReplicas.UNBOUNDED ? "unbounded" : count));
        }
        return " (" + String.join(", ", parts) + ")";
    }

    private static String where(ClusterAffinity group, PropagationPolicy.Placement placement) {
        return placement.groupsNamed() ? "group " + group.name() + ": " : "";
    }
}
