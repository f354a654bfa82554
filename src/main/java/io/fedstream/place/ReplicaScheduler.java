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
import java.util.function.ToLongFunction;

/**
 * Schedules a workload's replicas over clusters as Karmada v1.15's scheduler does ({@code pkg/scheduler/core}:
 * {@code common.go}, {@code assignment.go}, {@code division_algorithm.go}, {@code spreadconstraint/}); pure, no
 * Kafka types. Affinity groups are tried in order; in a group, the eligible clusters are those {@link Placer} would
 * not reject for affinity, avoidance, readiness or taints, and that serve the workload's kind unless they already run
 * it (Karmada's APIEnablement filter).
 *
 * <ul>
 * <li>Duplicated: every eligible cluster, in {@link Placer}'s preference order, bounded by the spread constraints
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
    /** Duplicated clusters rank after locality as {@link Placer} ranks them: taints, then headroom after placement, then name. */
    private static final Comparator<ScheduleCandidate> BY_HEADROOM = LOCALITY
            .thenComparingInt(ScheduleCandidate::dispreferred)
            .thenComparing(ScheduleCandidate::headroom, Comparator.reverseOrder())
            .thenComparing(ScheduleCandidate::name);

    /** Schedules the workload, trying affinity groups from the first. */
    public ScheduleResult schedule(Placer.Request request) {
        return scheduleFromGroup(request, 0);
    }

    /** Schedules the workload from affinity group {@code groupIndex} on (failover stays in its group while it can). */
    public ScheduleResult scheduleFromGroup(Placer.Request request, int groupIndex) {
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
     * held more. The same call serves a plain change of the replicas asked: nothing is avoided then.
     */
    public ScheduleResult reschedule(Placer.Request request, int groupIndex, List<ScheduleResult.Target> previousTargets) {
        Map<String, Map<String, Long>> previous = new LinkedHashMap<>();
        previousTargets.forEach(target -> previous.put(target.cluster(), target.components()));
        PropagationPolicy.Placement placement = request.placement();
        List<ClusterAffinity> groups = placement.affinityGroups().isEmpty() ? List.of(ClusterAffinity.ANY) : placement.affinityGroups();
        List<Rejection> rejections = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String firstGroupWhy = null;
        for (int i = Math.max(0, groupIndex); i < groups.size(); i++) {
            ClusterAffinity group = groups.get(i);
            List<ScheduleCandidate> eligible = new ArrayList<>();
            for (ClusterCapacity cluster : request.clusters()) {
                Rejection rejection = Placer.ineligible(request, placement, group, cluster, previous.containsKey(cluster.name()));
                if (rejection == null && !previous.containsKey(cluster.name())) {
                    rejection = Placer.apiNotServed(request, group, cluster);
                }
                if (rejection != null) {
                    rejections.add(rejection);
                } else {
                    Fit.Verdict verdict = Fit.check(request.components(), cluster);
                    long held = previous.getOrDefault(cluster.name(), Map.of()).values().stream().mapToLong(Long::longValue).max().orElse(0);
                    eligible.add(new ScheduleCandidate(cluster, held, Placer.dispreferring(cluster, placement).size(), verdict.headroom(),
                            AvailableReplicas.of(request.components(), cluster), verdict.fits()));
                }
            }
            Attempt attempt = placement.replicaScheduling() == PropagationPolicy.ReplicaScheduling.Divided
                    ? divided(request, placement, group, eligible, previous, rejections)
                    : duplicated(request, placement, eligible);
            if (attempt.targets() != null) {
                return new ScheduleResult.Scheduled(attempt.targets(), attempt.scheduling(), i, group.name(), rejections, attempt.notes());
            }
            problems.add(where(group, placement) + attempt.problem());
            if (firstGroupWhy == null) {
                firstGroupWhy = rejectedEverywhere(group, request.clusters(), rejections)
                        ? Placer.unavailable(request.clusters().size(), group.name(), rejections) : attempt.reason();
            }
        }
        String summary = request.clusters().isEmpty() ? "no cluster is known"
                : groupIndex >= groups.size() ? "no affinity group after group " + (groupIndex - 1) + " (" + groups.size() + " groups)"
                : "no " + (placement.groupsNamed() ? "affinity group from group " + groupIndex : "set of clusters")
                + " can take the workload";
        return new ScheduleResult.Unschedulable(summary, request.clusters().isEmpty() ? null : firstGroupWhy, problems, rejections);
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

    private static Attempt duplicated(Placer.Request request, PropagationPolicy.Placement placement, List<ScheduleCandidate> eligible) {
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

    private static Attempt divided(Placer.Request request, PropagationPolicy.Placement placement, ClusterAffinity group,
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
            List<ScheduleCandidate> used = division.preference() == ReplicaDivision.Preference.Aggregated
                    ? aggregated(selected, replicas) : selected;
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
    private static Attempt scaleUp(Placer.Request request, ClusterAffinity group, ReplicaDivision division, List<ScheduleCandidate> selected,
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
            used = new ArrayList<>();
            long held = 0;
            for (ScheduleCandidate candidate : ordered) {
                if (held >= target) {
                    break;
                }
                used.add(candidate);
                held = SpreadSelection.saturatedAdd(held, candidate.free());
            }
        }
        List<WeightedDivision.Weight> weights = used.stream().map(c -> new WeightedDivision.Weight(c.name(), c.free())).toList();
        return share(new Placer.Request(missing, request.policy(), request.clusters(), request.avoid(), request.kind()), group, selected, weights, kept,
                running, rejections, true);
    }

    /** The fewest clusters, most available replicas first, that hold the replicas (Karmada's Aggregated). */
    private static List<ScheduleCandidate> aggregated(List<ScheduleCandidate> selected, long replicas) {
        List<ScheduleCandidate> byAvailable = new ArrayList<>(selected);
        byAvailable.sort(Comparator.comparingLong(ScheduleCandidate::available).reversed());
        List<ScheduleCandidate> used = new ArrayList<>();
        long held = 0;
        for (ScheduleCandidate candidate : byAvailable) {
            used.add(candidate);
            held = SpreadSelection.saturatedAdd(held, candidate.available());
            if (held >= replicas) {
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
    private static Attempt share(Placer.Request request, ClusterAffinity group, List<ScheduleCandidate> selected,
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
            Rejection shortage = roomBinds ? Placer.shortOf(group.name(), candidate.cluster(), verdict) : null;
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
    private static long replicas(Placer.Request request) {
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
