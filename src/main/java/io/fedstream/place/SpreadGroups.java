package io.fedstream.place;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Chooses which topology groups (regions, zones, providers, label values) a workload spreads over, with Karmada's
 * group selection ({@code pkg/scheduler/core/spreadconstraint/select_groups.go}): every combination of
 * {@code min..max} groups whose clusters number at least {@code target} (the cluster constraint's minGroups) is
 * feasible, searched depth-first from the smallest groups, a path ending as soon as it reaches the target; the best
 * feasible combination has the highest total weight, then the most clusters, then was found first; a combination
 * found later that starts like the best one and is shorter replaces it (fewer groups for the same choice).
 */
public final class SpreadGroups {

    /** One group: its name, how many feasible clusters it holds, and its weight (how well it serves the workload). */
    public record Group(String name, int clusters, long weight) {}

    private SpreadGroups() {}

    /** The chosen groups, heaviest first (then by name); empty when no combination is feasible. */
    public static List<Group> select(List<Group> groups, int min, int max, int target) {
        if (groups.isEmpty()) {
            return List.of();
        }
        List<Group> ordered = new ArrayList<>(groups);
        ordered.sort(Comparator.comparingInt(Group::clusters)
                .thenComparing(Comparator.comparingLong(Group::weight).reversed())
                .thenComparing(Group::name));
        List<Path> feasible = new ArrayList<>();
        search(ordered, min, max, target, 0, 0, new ArrayList<>(), feasible);
        if (feasible.isEmpty()) {
            return List.of();
        }
        feasible.sort(Comparator.comparingLong(Path::weight).reversed()
                .thenComparing(Comparator.comparingInt(Path::clusters).reversed())
                .thenComparingInt(Path::id));
        Path best = feasible.get(0);
        for (int i = 1; i < feasible.size(); i++) {
            if (best.startsWith(feasible.get(i))) {
                best = feasible.get(i);
            }
        }
        return best.groups();
    }

    private static void search(List<Group> groups, int min, int max, int target, int sum, int begin, List<Group> path, List<Path> out) {
        if (sum >= target && path.size() >= min && path.size() <= max) {
            out.add(Path.of(out.size(), path));
            return;
        }
        if (path.size() >= max) {
            return;
        }
        for (int i = begin; i < groups.size(); i++) {
            path.add(groups.get(i));
            search(groups, min, max, target, sum + groups.get(i).clusters(), i + 1, path, out);
            // When every group is needed to reach the minimum, one path holds them all: no need to backtrack.
            if (groups.size() == min) {
                break;
            }
            path.remove(path.size() - 1);
        }
    }

    /** A feasible combination: its groups heaviest first, their total weight and clusters, and when it was found. */
    private record Path(int id, List<Group> groups, long weight, int clusters) {

        static Path of(int id, List<Group> groups) {
            List<Group> sorted = new ArrayList<>(groups);
            sorted.sort(Comparator.comparingLong(Group::weight).reversed().thenComparing(Group::name));
            return new Path(id, List.copyOf(sorted), sorted.stream().mapToLong(Group::weight).sum(),
                    sorted.stream().mapToInt(Group::clusters).sum());
        }

        /** True when {@code shorter} has fewer groups and they are this path's first groups. */
        boolean startsWith(Path shorter) {
            if (shorter.groups.size() >= groups.size()) {
                return false;
            }
            for (int i = 0; i < shorter.groups.size(); i++) {
                if (!groups.get(i).name().equals(shorter.groups.get(i).name())) {
                    return false;
                }
            }
            return true;
        }
    }
}
