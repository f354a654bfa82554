package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a one-active-cluster workload moved whole goes when no survivor has room for it as far as fedstream knows (their
 * reported room is short, or every lease refused it): the survivor Karmada v1.15's re-schedule takes whatever its room
 * ({@code select_clusters.go} {@code shouldIgnoreAvailableResource}, {@code select_clusters_by_cluster.go}
 * {@code selectBestClustersByCluster}), then the others in that order, as {@link ReplicaScheduler} places such a workload
 * beyond room the first time ({@link PlacingShares}).
 */
final class BeyondRoomTargets {

    /**
     * One survivor, in Karmada's order: its name, the affinity group it was taken from, and why its reported room cannot
     * hold the copy (null when its view holds it: then a lease refused it).
     */
    record Target(String cluster, int group, String shortOfRoom) {

        /** What the move's command and the completed placement say of the target: {@code unheld} when its view holds it. */
        String roomNote(ResourceBinding binding, String unheld) {
            if (shortOfRoom != null) {
                return shortOfRoom;
            }
            return "cluster " + cluster + "'s pods " + pods(binding) + " are placed with no room held: " + unheld;
        }
    }

    private final PlaceFailoverTask task;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    BeyondRoomTargets(PlaceFailoverTask task) {
        this.task = task;
    }

    /** Whether the policy keeps one active cluster ({@link ReplicaScheduler#place}'s policies), which Karmada places whatever its room. */
    static boolean applies(PropagationPolicy policy) {
        return policy != null && !PlacingShares.schedules(policy);
    }

    /**
     * The survivors that pass every filter but room, best first, from affinity group {@code group} on, without
     * {@code avoid}; only those in {@code allowed} when it is not null (a retry keeps to the failed command's remaining
     * candidates). Empty when none passes the filters or the workload's requirements cannot be read.
     */
    List<Target> ranked(ResourceBinding binding, PropagationPolicy policy, int group, Set<String> avoid, List<String> allowed) {
        List<ComponentDemand> demands;
        try {
            demands = PlaceFailoverTask.demands(binding);
        } catch (IllegalArgumentException e) {
            return List.of();
        }
        Set<String> without = new HashSet<>(avoid);
        List<Target> out = new ArrayList<>();
        while (true) {
            Set<String> avoided = Set.copyOf(without);
            ScheduleResult result = task.place(clusters -> scheduler.scheduleFromGroup(
                    new ReplicaScheduler.Request(demands, policy, clusters, avoided, PlaceFailoverTask.kind(binding)), group));
            if (!(result instanceof ScheduleResult.Scheduled scheduled)) {
                return out;
            }
            String cluster = scheduled.targets().get(0).cluster();
            if (!without.add(cluster)) {
                return out;
            }
            if (allowed == null || allowed.contains(cluster)) {
                out.add(new Target(cluster, scheduled.groupIndex(), scheduled.roomNotes().stream()
                        .filter(note -> note.cluster().equals(cluster)).map(ScheduleResult.RoomNote::message).findFirst().orElse(null)));
            }
        }
    }

    /** Every component's pods: the whole copy that moves. */
    private static Map<String, Long> pods(ResourceBinding binding) {
        Map<String, Long> pods = new LinkedHashMap<>();
        binding.getComponents().forEach(c -> pods.put(c.getName(), (long) c.getReplicas()));
        return pods;
    }
}
