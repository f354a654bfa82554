package io.fedstream.place;

import io.fedstream.admit.Placement;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The outcome of scheduling one workload's replicas: the target clusters and each one's share, or why there are none. */
public sealed interface ScheduleResult permits ScheduleResult.Scheduled, ScheduleResult.Unschedulable {

    /** Why the clusters left out were left out (affinity, readiness, taints, room), tagged with their affinity group. */
    List<Rejection> rejections();

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
     * The workload is scheduled: {@code targets} (never empty) in preference order, how replicas are scheduled, the
     * affinity group used ({@code groupIndex}, {@code groupName}; 0 and null without {@code clusterAffinities}), and the
     * targets whose share exceeds their cluster's reported room ({@code roomNotes}, for the binding to show).
     */
    record Scheduled(List<Target> targets, Placement.Scheduling scheduling, int groupIndex, String groupName, List<Rejection> rejections,
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
     * the placement cluster affinity constraint}; null when no cluster is known); and per group tried why not, with the
     * amounts (e.g. {@code group primary: 1 feasible cluster(s), fewer than the cluster spread constraint's minGroups 2}).
     */
    record Unschedulable(String summary, String firstGroupWhy, List<String> problems, List<Rejection> rejections) implements ScheduleResult {

        public Unschedulable {
            problems = List.copyOf(problems);
            rejections = List.copyOf(rejections);
        }

        /** What the binding says: the summary and the first group's why, which change only when a cause does. */
        public String reason() {
            return firstGroupWhy == null ? summary : summary + " (" + firstGroupWhy + ")";
        }
    }
}
