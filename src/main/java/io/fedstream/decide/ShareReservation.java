package io.fedstream.decide;

import io.fedstream.admit.Placement;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A placement over several clusters waiting for the room its shares ask for: one decision, one ask of the leased room
 * ({@link RoomAsk}) per target cluster for that cluster's share, each granted or still awaited.
 *
 * @param decisionId names the placement decision; each share's ask id ({@link RoomAsk#requestId}) extends it with its cluster
 * @param generation the binding generation being placed
 * @param group the affinity group the schedule came from
 * @param attempt the schedule attempt, from 0; each refusal re-plans without the refusing cluster
 * @param scheduling DUPLICATED (every target runs every replica) or DIVIDED (each its share)
 * @param shares the target clusters in the scheduler's order
 * @param refused the clusters that refused an earlier attempt of this generation (left out of re-planning)
 * @param placed true once every share was granted and the placement went to the admit step
 */
public record ShareReservation(String decisionId, long generation, int group, int attempt, Placement.Scheduling scheduling,
                               List<Share> shares, List<String> refused, boolean placed) {

    /**
     * One target cluster's share: each component's pods there.
     *
     * @param requestId the id of this share's ask of the leased room
     * @param roomNote why the share is placed beyond the room its cluster has (its ask holds only what the room holds,
     *     or nothing when refused), or null when its ask holds it all
     */
    public record Share(String cluster, Map<String, Long> components, String requestId, boolean granted, String roomNote) {

        public Share {
            // In the scheduler's order of components, as the binding lists them: Map.copyOf's order changes with every JVM.
            components = Collections.unmodifiableMap(new LinkedHashMap<>(components));
        }

        /** A share not answered yet, whose ask is to hold it all. */
        public Share(String cluster, Map<String, Long> components, String requestId) {
            this(cluster, components, requestId, false, null);
        }

        /** This share answered: granted, or placed without room held when its ask was refused ({@code why}). */
        Share settled(String why) {
            return new Share(cluster, components, requestId, true, why == null ? roomNote : why);
        }

        /** Pods of every component on this cluster. */
        public long replicas() {
            return components.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    public ShareReservation {
        shares = List.copyOf(shares);
        refused = List.copyOf(refused);
    }

    /** The share an answer is for, or null when its ask is not one of this decision's. */
    public Share share(String requestId) {
        return shares.stream().filter(s -> s.requestId().equals(requestId)).findFirst().orElse(null);
    }

    /** This reservation with the share of {@code requestId} granted. */
    public ShareReservation granted(String requestId) {
        return settled(requestId, null);
    }

    /**
     * This reservation with the share {@code answer} is for granted, or placed with no room held when its ask was refused:
     * room binds no Duplicated or statically weighted share, as in Karmada, and the binding says it.
     */
    ShareReservation answered(RoomAnswer answer) {
        return settled(answer.requestId(), answer.granted() ? null : PlacingShares.unheld(share(answer.requestId()), answer.refusal()));
    }

    private ShareReservation settled(String requestId, String why) {
        List<Share> next = new ArrayList<>();
        shares.forEach(s -> next.add(s.requestId().equals(requestId) ? s.settled(why) : s));
        return new ShareReservation(decisionId, generation, group, attempt, scheduling, next, refused, placed);
    }

    public boolean allGranted() {
        return shares.stream().allMatch(Share::granted);
    }

    public ShareReservation asPlaced() {
        return new ShareReservation(decisionId, generation, group, attempt, scheduling, shares, refused, true);
    }

    /** The target clusters in the scheduler's order, each with its pods per component. */
    public List<ScheduleResult.Target> targets() {
        return shares.stream().map(s -> new ScheduleResult.Target(s.cluster(), s.components())).toList();
    }
}
