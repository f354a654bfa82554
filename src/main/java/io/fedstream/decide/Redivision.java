package io.fedstream.decide;

import io.fedstream.admit.Placement;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A multi-cluster placement being re-divided after one of its clusters failed (or one copy's application failed), or
 * re-scaled to a new replica count ({@link Rescaling}: no source cluster): the placement the re-schedule gave, and one
 * ask of the leased room ({@link RoomAsk}) per cluster whose pods grow, each granted or still awaited.
 *
 * @param decisionId names the decision; each growth's ask id ({@link RoomAsk#requestId}) extends it with its cluster
 * @param purpose who re-divides and takes its growth's answers: {@link RoomAsk.Purpose#REDIVIDE} (a failed share),
 *                {@link RoomAsk.Purpose#RESCALE} or {@link RoomAsk.Purpose#POLICY_RESCHEDULE}
 * @param incidentId the incident of the failed share
 * @param sourceCluster the cluster whose share leaves the placement; null for a re-scale
 * @param attempt the re-schedule attempt, from 0; each refusal schedules again
 * @param scheduling DUPLICATED (every target runs every replica) or DIVIDED (each its share)
 * @param targets the placement after the re-division: each cluster with its pods per component, in the scheduler's order
 * @param growth the pods each growing cluster gets beyond those it runs, with the id of its ask
 * @param refused the clusters that refused a growth in an earlier attempt of this incident
 */
public record Redivision(String decisionId, RoomAsk.Purpose purpose, String incidentId, String sourceCluster, long generation, int group,
                         int attempt, Placement.Scheduling scheduling,
                         List<ScheduleResult.Target> targets, List<ShareReservation.Share> growth, List<String> refused) {

    public Redivision {
        if (purpose != RoomAsk.Purpose.REDIVIDE && purpose != RoomAsk.Purpose.RESCALE && purpose != RoomAsk.Purpose.POLICY_RESCHEDULE) {
            throw new IllegalArgumentException("a re-division's purpose is REDIVIDE, RESCALE or POLICY_RESCHEDULE, not " + purpose);
        }
        targets = List.copyOf(targets);
        growth = List.copyOf(growth);
        refused = List.copyOf(refused);
    }

    /**
     * The re-division to the new schedule {@code scheduled} from the clusters as they run ({@code running}): each growth
     * asked for in full, before {@link Rescheduling#ask} fits it to its cluster's room.
     */
    static Redivision of(String decisionId, RoomAsk.Purpose purpose, String incidentId, String sourceCluster, long generation, int attempt,
                         List<String> refused, ScheduleResult.Scheduled scheduled, List<ScheduleResult.Target> running) {
        return new Redivision(decisionId, purpose, incidentId, sourceCluster, generation, scheduled.groupIndex(), attempt, scheduled.scheduling(),
                scheduled.targets(), growth(decisionId, scheduled.targets(), running), refused);
    }

    /**
     * What each target of a new schedule runs beyond what it runs now ({@code running}), per component, with the id of
     * its ask ({@code decisionId/cluster}); a target that does not grow asks for nothing.
     */
    private static List<ShareReservation.Share> growth(String decisionId, List<ScheduleResult.Target> targets, List<ScheduleResult.Target> running) {
        Map<String, Map<String, Long>> before = new LinkedHashMap<>();
        running.forEach(target -> before.put(target.cluster(), target.components()));
        List<ShareReservation.Share> growth = new ArrayList<>();
        for (ScheduleResult.Target target : targets) {
            Map<String, Long> runs = before.getOrDefault(target.cluster(), Map.of());
            Map<String, Long> more = new LinkedHashMap<>();
            target.components().forEach((component, pods) -> {
                long extra = pods - runs.getOrDefault(component, 0L);
                if (extra > 0) {
                    more.put(component, extra);
                }
            });
            if (!more.isEmpty()) {
                growth.add(new ShareReservation.Share(target.cluster(), more, decisionId + "/" + target.cluster()));
            }
        }
        return growth;
    }

    /** The growth an answer is for, or null when its ask is not one of this decision's. */
    public ShareReservation.Share growth(String requestId) {
        return growth.stream().filter(g -> g.requestId().equals(requestId)).findFirst().orElse(null);
    }

    /** This re-division with the growth of {@code requestId} granted. */
    public Redivision granted(String requestId) {
        return settled(requestId, null);
    }

    /** This re-division with the growth {@code answer} is for granted, or placed with no room held when its ask was refused. */
    Redivision answered(RoomAnswer answer) {
        return settled(answer.requestId(), answer.granted() ? null : PlacingShares.unheld(growth(answer.requestId()), answer.refusal()));
    }

    private Redivision settled(String requestId, String why) {
        List<ShareReservation.Share> next = new ArrayList<>();
        growth.forEach(g -> next.add(g.requestId().equals(requestId) ? g.settled(why) : g));
        return withGrowth(next);
    }

    Redivision withGrowth(List<ShareReservation.Share> growth) {
        return new Redivision(decisionId, purpose, incidentId, sourceCluster, generation, group, attempt, scheduling, targets, growth, refused);
    }

    /** The clusters that refused a growth so far, {@code refusing} with them. */
    List<String> refusedWith(String refusing) {
        return refused.contains(refusing) ? refused : Stream.concat(refused.stream(), Stream.of(refusing)).toList();
    }

    /**
     * Each target's pods before and after, with what its growth reserved or that it runs beyond its cluster's reported
     * room: {@code member2 2 -> 3 pods (1 reserved)}.
     */
    List<String> targetChanges(List<ScheduleResult.Target> before) {
        return targets.stream().map(target -> {
            long was = before.stream().filter(b -> b.cluster().equals(target.cluster())).mapToLong(ScheduleResult.Target::replicas)
                    .findFirst().orElse(0);
            ShareReservation.Share grown = growth.stream().filter(g -> g.cluster().equals(target.cluster())).findFirst().orElse(null);
            return target.cluster() + " " + was + " -> " + target.replicas() + " pods"
                    + (grown == null ? "" : grown.roomNote() == null ? " (" + grown.replicas() + " reserved)" : " (beyond its reported room)");
        }).toList();
    }

    /**
     * The request that sets the workload's placement to the re-schedule's, decided by {@code decidedBy} under
     * {@code policyKey} (null: the policy it is listed under), naming each cluster placed beyond its reported room.
     */
    AdmissionRequest placement(ResourceBinding binding, String decidedBy, String policyKey) {
        io.fedstream.avro.Placement placement = ScheduledPlacement.of(binding, scheduling, targets, decidedBy, policyKey);
        placement.setRoomNotes(PlacingShares.roomNotes(binding, targets, growth));
        return Placing.placement(binding, placement);
    }

    public boolean allGranted() {
        return growth.stream().allMatch(ShareReservation.Share::granted);
    }

    /** Whether the re-division gives the cluster pods (so the room held for it there is wanted). */
    public boolean targets(String cluster) {
        return targets.stream().anyMatch(t -> t.cluster().equals(cluster));
    }
}
