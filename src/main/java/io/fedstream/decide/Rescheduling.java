package io.fedstream.decide;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A new schedule of a placed workload ({@link Redivision}) whose growth asks the leased room first: a failed share's
 * re-division ({@link Redividing}), a re-scale ({@link Rescaling}) or a policy's changed placement
 * ({@link PolicyFollowing}). The asks and their answers go the same way for all three: a granted growth is held; a
 * refused one that room does not bind (Duplicated, static weights) is placed with no room held, as Karmada places it;
 * once every growth is settled, the re-schedule applies. A refusal that room binds gives back what was granted and the
 * re-schedule schedules again or gives up; an answer to a re-schedule given up or replaced gives its room back unless
 * the workload runs there or its current re-schedule gives it pods. Each re-schedule says only what it does its own way.
 */
abstract class Rescheduling {

    private static final ReplicaScheduler SCHEDULER = new ReplicaScheduler();

    final PlaceFailoverTask task;

    Rescheduling(PlaceFailoverTask task) {
        this.task = task;
    }

    /** {@link ReplicaScheduler#reschedule} from what the {@code previous} clusters run, {@code avoid} left out. */
    static ScheduleResult reschedule(PlaceFailoverTask task, ResourceBinding binding, PropagationPolicy policy,
                                     int group, List<ScheduleResult.Target> previous, Set<String> avoid) {
        List<ComponentDemand> demands = PlaceFailoverTask.demands(binding);
        String kind = PlaceFailoverTask.kind(binding);
        return task.place(clusters -> SCHEDULER.reschedule(
                new ReplicaScheduler.Request(demands, policy, clusters, avoid, kind), group, previous));
    }

    /** Whether the re-schedule still applies to the binding of its generation as it is now; one that does not is void. */
    abstract boolean stillApplies(ResourceBinding binding, Redivision redivision);

    /** The audit of a refused growth. */
    AuditEvent refusal(ResourceBinding binding, RoomAnswer answer) {
        return PlaceFailoverAudit.reservationRefused(binding, answer, task.now());
    }

    /** Every growth is settled: the placement becomes the re-schedule's; {@code workload} still holds the one answered. */
    abstract void apply(String key, ResourceBinding binding, PlacementState workload, Redivision redivision);

    /**
     * A growth that room binds was refused by {@code refused}' last: all granted went back and the workload's state
     * ({@code cleared}) holds the re-schedule no more; schedules again or gives up.
     */
    abstract void refused(String key, ResourceBinding binding, PlacementState cleared, Redivision redivision, List<String> refused);

    /** An answer's re-schedule is over unapplied (void, given up or replaced); {@code current} is the workload's re-schedule now. */
    void over(String key, ResourceBinding binding, Redivision current) {
    }

    /**
     * Asks for the growth of {@code redivision}, as the room {@code notes} say each cluster has: a growth beyond its
     * cluster's room is placed all the same, holding what the room holds. Returns the re-schedule to apply when nothing
     * is to be asked (the workload's state untouched), else null once it is saved in the workload's state and asked.
     */
    final Redivision ask(String key, ResourceBinding binding, PlacementState workload, Redivision redivision, List<ScheduleResult.RoomNote> notes) {
        Map<String, Map<String, Long>> asked = new LinkedHashMap<>();
        Redivision noted = redivision.withGrowth(PlacingShares.noted(redivision.growth(), notes, asked));
        if (noted.allGranted()) {
            return noted;
        }
        task.placementStates.save(key, workload.withRedivision(noted));
        task.holdShares(noted.purpose(), binding, noted.growth(), asked);
        return null;
    }

    /** The answer to one growth's ask, or to one of a re-schedule given up (its room goes back). */
    final void onAnswer(RoomAnswer answer, PlacementState workload) {
        String key = answer.workloadKey();
        Redivision redivision = workload.redivision();
        ResourceBinding binding = task.bindings.of(key);
        if (redivision == null || redivision.growth(answer.requestId()) == null) {
            // Its ask was replaced by the current re-schedule's where that one gives the cluster pods; the workload's
            // running pods there are counted by the cluster's heartbeats.
            if (answer.granted() && (redivision == null || !redivision.targets(answer.cluster()))
                    && !WorkloadBindings.placedClusters(binding).contains(answer.cluster())) {
                task.release(key, answer.cluster());
            }
            over(key, binding, redivision);
            return;
        }
        if (binding == null || binding.getGeneration() != redivision.generation() || !stillApplies(binding, redivision)) {
            // Deleted, changed, moved or placed otherwise meanwhile: this re-schedule is void.
            giveBack(key, answer.granted() ? redivision.granted(answer.requestId()) : redivision, null);
            task.placementStates.save(key, workload.withRedivision(null));
            over(key, binding, null);
            return;
        }
        if (!answer.granted()) {
            task.audit(refusal(binding, answer));
        }
        if (answer.granted() || !PlacingShares.roomBinds(redivision.scheduling(), task.policies.governing(binding).orElse(null))) {
            Redivision next = redivision.answered(answer);
            if (next.allGranted()) {
                apply(key, binding, workload, next);
            } else {
                task.placementStates.save(key, workload.withRedivision(next));
            }
            return;
        }
        giveBack(key, redivision, answer.cluster());
        PlacementState cleared = workload.withRedivision(null);
        task.placementStates.save(key, cleared);
        refused(key, binding, cleared, redivision, redivision.refusedWith(answer.cluster()));
    }

    /**
     * Gives back the room granted to the growth of a re-schedule given up, on every cluster but {@code refusing} (null:
     * none): the growth's own room only, what the workload runs there stays held.
     */
    final void giveBack(String key, Redivision redivision, String refusing) {
        redivision.growth().stream().filter(ShareReservation.Share::granted).filter(share -> !share.cluster().equals(refusing))
                .forEach(share -> task.withdraw(key, share.cluster(), share.requestId()));
    }
}
