package io.fedstream.place;

import io.fedstream.admit.Placement;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of scheduling one workload ({@link ReplicaScheduler}): on one active cluster, the clusters that can take it
 * best first ({@link Ranked}); over several clusters, the targets and each one's share ({@link Scheduled}); or why no
 * cluster can take it ({@link Unschedulable}).
 */
public sealed interface ScheduleResult permits ScheduleResult.Ranked, ScheduleResult.Scheduled, ScheduleResult.Unschedulable {

    /** Why the clusters left out were left out (affinity, readiness, taints, room), tagged with their affinity group. */
    List<Rejection> rejections();

    /**
     * Whether room alone kept a cluster from being chosen for one active cluster: no cluster fits, or the chosen affinity
     * group comes after one whose cluster passed every filter but room. Karmada has no resource filter, so a Duplicated
     * workload would go to that cluster ({@code select_clusters.go} {@code shouldIgnoreAvailableResource}).
     */
    default boolean leftOutForRoom() {
        String chosenGroup = this instanceof Ranked ranked ? ranked.groupName() : null;
        return rejections().stream().anyMatch(rejection -> rejection.reason() == Rejection.Reason.INSUFFICIENT_RESOURCES
                && (this instanceof Unschedulable || !Objects.equals(rejection.group(), chosenGroup)));
    }

    /** A cluster the whole workload fits, and the PreferNoSchedule taints it does not tolerate. */
    record Candidate(String cluster, List<ClusterTaint> dispreferredBy) {

        public Candidate {
            dispreferredBy = List.copyOf(dispreferredBy);
        }
    }

    /**
     * One target cluster. {@code components} maps each component to its pods there: all of them when Duplicated, the
     * cluster's share when Divided (a component with no pods there is left out).
     */
    record Target(String cluster, Map<String, Long> components) {

        public Target {
            components = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(components));
        }

        public long replicas() {
            return components.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * A target whose share exceeds the room its cluster reports: Karmada places it all the same (no resource filter for
     * Duplicated or statically weighted replicas) and the pods that do not fit stay Pending there; fedstream knows more,
     * and says so on the binding. {@code held}: the pods of each component the cluster's room does hold (at most the
     * share; what a lease may hold for it).
     */
    record RoomNote(String cluster, Map<String, Long> share, List<Fit.Shortage> shortages, Map<String, Long> held) {

        public RoomNote {
            share = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(share));
            shortages = List.copyOf(shortages);
            held = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(held));
        }

        /** E.g. {@code cluster m2's share {main=5} exceeds its reported room: cpu short by 2 (needs 5, free 3)}. */
        public String message() {
            return "cluster " + cluster + "'s share " + share + " exceeds its reported room: "
                    + String.join(", ", shortages.stream().map(Fit.Shortage::message).toList());
        }
    }

    /**
     * One active cluster: {@code candidates} (never empty) in order, the first being the choice and the next ones where
     * to retry when the room asked for is refused; {@code groupIndex} and {@code groupName} name the affinity group used
     * (0 and null without {@code clusterAffinities}).
     */
    record Ranked(List<Candidate> candidates, int groupIndex, String groupName, List<Rejection> rejections) implements ScheduleResult {

        public Ranked {
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("a placement needs at least one candidate");
            }
            candidates = List.copyOf(candidates);
            rejections = List.copyOf(rejections);
        }
    }

    /**
     * Several clusters: {@code targets} (never empty) in preference order, how replicas are scheduled, the
     * affinity group used ({@code groupIndex}; 0 without {@code clusterAffinities}), and the
     * targets whose share exceeds their cluster's reported room ({@code roomNotes}, for the binding to show).
     */
    record Scheduled(List<Target> targets, Placement.Scheduling scheduling, int groupIndex, List<Rejection> rejections,
                     List<RoomNote> roomNotes) implements ScheduleResult {

        public Scheduled {
            if (targets.isEmpty()) {
                throw new IllegalArgumentException("a schedule needs at least one target cluster");
            }
            targets = List.copyOf(targets);
            rejections = List.copyOf(rejections);
            roomNotes = List.copyOf(roomNotes);
        }

        public List<String> clusters() {
            return targets.stream().map(Target::cluster).toList();
        }
    }

    /**
     * No affinity group can take the workload: a summary; why not in the first group tried, naming no amount (Karmada's
     * FitError when every cluster was turned down, e.g. {@code 0/3 clusters are available: 3 cluster(s) did not match
     * the placement cluster affinity constraint}; null when no cluster is known, or when the summary names it); and the
     * problems with their amounts, for the audit: per group tried (e.g. {@code group primary: 1 feasible cluster(s),
     * fewer than the cluster spread constraint's minGroups 2}), or for one active cluster each cluster's rejection.
     */
    record Unschedulable(String summary, String firstGroupWhy, List<String> problems, List<Rejection> rejections) implements ScheduleResult {

        public Unschedulable {
            problems = List.copyOf(problems);
            rejections = List.copyOf(rejections);
        }

        /** One active cluster: the summary names the first group's why, and the problems are the rejections. */
        public Unschedulable(String summary, List<Rejection> rejections) {
            this(summary, null, rejections.stream().map(Rejection::message).toList(), rejections);
        }

        /** What the binding says: the summary and the first group's why, which change only when a cause does. */
        public String reason() {
            return firstGroupWhy == null ? summary : summary + " (" + firstGroupWhy + ")";
        }

        /** What the audit says: the summary and every problem, with the amounts. */
        public String why() {
            return problems.isEmpty() ? summary : summary + ": " + String.join("; ", problems);
        }
    }
}
