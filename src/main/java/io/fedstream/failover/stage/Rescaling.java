package io.fedstream.failover.stage;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.Placer;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import io.fedstream.place.stage.ScheduledPlacement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 4 for a Divided placement whose workload now asks for another replica count (a new version admitted with the
 * placement of the one before): schedules it again from that placement as Karmada's scheduler does when a binding's
 * replicas change ({@code assignment.go} steady mode: {@code dynamicScaleDown} in proportion to what each cluster runs,
 * {@code dynamicScaleUp} of the new replicas by free room, static weights afresh). Every cluster whose pods grow reserves
 * the growth; once all grant, the placement becomes the new schedule's (the admit stage charges each cluster its share)
 * and a cluster left with no pods is released and its copy purged. A refusal schedules again, up to {@link
 * PlacingShares#MAX_ATTEMPTS} schedules; until then, and when no schedule is found, the placement stays as it was.
 */
final class Rescaling {

    private static final String MARK = "/rescale/";

    private final PlaceFailoverTask task;
    private final FailingOver failingOver;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    Rescaling(PlaceFailoverTask task, FailingOver failingOver) {
        this.task = task;
        this.failingOver = failingOver;
    }

    /** Whether a reservation request id is a re-scale's. */
    static boolean isRescaleRequest(String requestId) {
        return requestId.contains(MARK);
    }

    /** Whether the binding's Divided placement holds another number of replicas than its admitted version asks for. */
    static boolean replicasChanged(ResourceBinding binding) {
        Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DIVIDED || "user".equals(placement.getDecidedBy())
                || binding.getAdmission().getState() != AdmissionState.ADMITTED || binding.getComponents().size() != 1) {
            return false;
        }
        long placed = 0;
        for (ClusterTarget target : placement.getClusters()) {
            if (target.getReplicas() == null) {
                return false;
            }
            placed += target.getReplicas();
        }
        return placed != binding.getComponents().get(0).getReplicas();
    }

    /** A binding arrived (after {@link Placing} saw it): re-schedules it when its replicas changed and nothing else is under way. */
    void onBinding(String key, ResourceBinding binding) {
        if (!replicasChanged(binding)) {
            return;
        }
        PlacementState workload = task.workload(key);
        Redivision inFlight = workload.redivision();
        if (inFlight != null && isRescaleRequest(inFlight.decisionId())) {
            if (inFlight.generation() == binding.getGeneration()) {
                // Asked for, or applied and on its way through the admit stage: this version is re-scaled once.
                return;
            }
            if (!inFlight.allGranted()) {
                // Asked for an earlier version and not applied: its growth is not wanted any more.
                releaseGranted(key, inFlight, null);
            }
            workload = workload.withRedivision(null);
            task.workloads.put(key, workload);
        }
        if (workload.pending() != null || workload.redivision() != null || workload.shares() != null) {
            return;
        }
        schedule(key, binding, workload, 0, List.of());
    }

    private void schedule(String key, ResourceBinding binding, PlacementState workload, int attempt, List<String> refused) {
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        if (policy == null || policy.placement().replicaScheduling() != PropagationPolicy.ReplicaScheduling.Divided) {
            return;
        }
        List<ScheduleResult.Target> previous = previous(binding);
        Set<String> avoid = new HashSet<>();
        refused.stream().filter(cluster -> previous.stream().noneMatch(t -> t.cluster().equals(cluster))).forEach(avoid::add);
        ScheduleResult result;
        try {
            List<ComponentDemand> demands = PlaceFailoverTask.demands(binding);
            result = task.place(clusters -> scheduler.reschedule(new Placer.Request(demands, policy, clusters, avoid), workload.group(), previous),
                    r -> r instanceof ScheduleResult.Unschedulable);
        } catch (IllegalArgumentException e) {
            unscheduled(key, binding, workload, "its requirements cannot be read: " + e.getMessage());
            return;
        }
        if (result instanceof ScheduleResult.Unschedulable no) {
            unscheduled(key, binding, workload, no.summary() + (no.problems().isEmpty() ? "" : ": " + String.join("; ", no.problems()))
                    + (refused.isEmpty() ? "" : " (refused by " + String.join(", ", refused) + ")"));
            return;
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        String decisionId = key + MARK + "g" + binding.getGeneration() + "/s" + attempt;
        Map<String, Long> running = new LinkedHashMap<>();
        previous.forEach(target -> running.put(target.cluster(), target.replicas()));
        String component = binding.getComponents().get(0).getName();
        List<ShareReservation.Share> growth = new ArrayList<>();
        for (ScheduleResult.Target target : scheduled.targets()) {
            long extra = target.replicas() - running.getOrDefault(target.cluster(), 0L);
            if (extra > 0) {
                growth.add(new ShareReservation.Share(target.cluster(), Map.of(component, extra), decisionId + "/" + target.cluster(), false));
            }
        }
        Redivision rescale = new Redivision(decisionId, "rescale-g" + binding.getGeneration(), null, binding.getGeneration(),
                scheduled.groupIndex(), attempt, scheduled.scheduling(), scheduled.targets(), growth, refused, task.now());
        task.workloads.put(key, workload.withRedivision(rescale));
        if (growth.isEmpty()) {
            apply(key, binding, rescale);
            return;
        }
        growth.forEach(g -> task.reserveShare(binding, g.requestId(), g.cluster(), g.components()));
    }

    /** The answer to one growth's reservation, or to one of a re-scale given up (its room goes back). */
    void onAnswer(ReservationAnswer answer, PlacementState workload) {
        String key = answer.getWorkloadKey();
        Redivision rescale = workload.redivision();
        ResourceBinding binding = task.bindings.get(key);
        if (rescale == null || rescale.growth(answer.getRequestId()) == null) {
            if (answer.getGranted() && (rescale == null || !rescale.targets(answer.getCluster()))
                    && !PlaceFailoverTask.placedClusters(binding).contains(answer.getCluster())) {
                task.release(key, answer.getCluster());
            }
            return;
        }
        if (binding == null || binding.getGeneration() != rescale.generation() || !replicasChanged(binding)) {
            // Deleted, changed or placed otherwise meanwhile: this re-scale is void.
            releaseGranted(key, answer.getGranted() ? rescale.granted(answer.getRequestId()) : rescale, null);
            task.workloads.put(key, workload.withRedivision(null));
            return;
        }
        if (answer.getGranted()) {
            Redivision next = rescale.granted(answer.getRequestId());
            // Kept once applied, so that the version is not re-scaled again before the admit stage shows the placement.
            task.workloads.put(key, workload.withRedivision(next));
            if (next.allGranted()) {
                apply(key, binding, next);
            }
            return;
        }
        task.audit(PlaceFailoverAudit.rescaling(binding, "RESERVATION_REFUSED", answer.getRequestId(), answer.getReason(), task.now()));
        releaseGranted(key, rescale, answer.getCluster());
        List<String> refused = new ArrayList<>(rescale.refused());
        if (!refused.contains(answer.getCluster())) {
            refused.add(answer.getCluster());
        }
        PlacementState cleared = workload.withRedivision(null);
        task.workloads.put(key, cleared);
        if (rescale.attempt() + 1 >= PlacingShares.MAX_ATTEMPTS) {
            unscheduled(key, binding, cleared, "every re-scale was refused a reservation (refused by " + String.join(", ", refused) + ")");
            return;
        }
        schedule(key, binding, cleared, rescale.attempt() + 1, refused);
    }

    /** Every growth is reserved: the placement becomes the new schedule's, and a cluster left with no pods loses its copy. */
    private void apply(String key, ResourceBinding binding, Redivision rescale) {
        List<ScheduleResult.Target> previous = previous(binding);
        task.emit(binding.getNamespace(), new PlaceFailoverOutcome.Place(AdmissionRequest.newBuilder()
                .setType(AdmissionRequestType.PLACEMENT)
                .setNamespace(binding.getNamespace())
                .setWorkloadKey(binding.getWorkloadKey())
                .setPlacement(ScheduledPlacement.of(binding, rescale.scheduling(), rescale.targets(), Placing.DECIDED_BY))
                .build()));
        List<String> changes = new ArrayList<>();
        for (ScheduleResult.Target before : previous) {
            if (!rescale.targets(before.cluster())) {
                changes.add(before.cluster() + " " + before.replicas() + " -> 0 pods (its copy is purged)");
                task.release(key, before.cluster());
                purge(key, rescale, before.cluster());
            }
        }
        for (ScheduleResult.Target target : rescale.targets()) {
            long was = previous.stream().filter(p -> p.cluster().equals(target.cluster())).mapToLong(ScheduleResult.Target::replicas)
                    .findFirst().orElse(0);
            ShareReservation.Share growth = rescale.growth().stream().filter(g -> g.cluster().equals(target.cluster())).findFirst().orElse(null);
            changes.add(target.cluster() + " " + was + " -> " + target.replicas() + " pods" + (growth == null ? "" : " (" + growth.replicas() + " reserved)"));
        }
        long before = previous.stream().mapToLong(ScheduleResult.Target::replicas).sum();
        long after = binding.getComponents().get(0).getReplicas();
        task.audit(PlaceFailoverAudit.rescaling(binding, "REPLICAS_RESCALED", rescale.decisionId(), before + " -> " + after + " replicas ("
                + (after < before ? "scaled down in proportion to what each cluster runs" : "scaled up") + "): " + String.join(", ", changes),
                task.now()));
    }

    /** A cluster the new schedule gives no pods runs no copy any more (Karmada removes its Work): purged Directly, now. */
    private void purge(String key, Redivision rescale, String cluster) {
        MigrationCommand removed = MigrationCommand.newBuilder()
                .setCommandId(key + "/" + rescale.incidentId() + "/removed/" + cluster)
                .setIncidentId(rescale.incidentId())
                .setWorkloadKey(key)
                .setAction(MigrationAction.PURGE)
                .setSourceCluster(cluster)
                .setStrategy(MigrationStrategy.GRACEFUL_SHUTDOWN)
                .setPurgeMode(PurgeMode.Directly)
                .setIssuedAt(task.instant())
                .build();
        failingOver.purge(removed, cluster, null, cluster + " runs no share of the workload after its replicas changed; purge the copy there");
    }

    private void unscheduled(String key, ResourceBinding binding, PlacementState workload, String why) {
        if (workload.unplaceableGeneration() == binding.getGeneration()) {
            return;
        }
        task.workloads.put(key, workload.unplaceable(binding.getGeneration()));
        task.audit(PlaceFailoverAudit.rescaling(binding, "RESCALE_UNSCHEDULABLE", key + "/g" + binding.getGeneration(),
                "the placement stays as it was: " + why, task.now()));
    }

    /** Gives back the growths granted so far, except on {@code refusing} (which holds nothing for it). */
    private void releaseGranted(String key, Redivision rescale, String refusing) {
        rescale.growth().stream().filter(ShareReservation.Share::granted).map(ShareReservation.Share::cluster)
                .filter(cluster -> !cluster.equals(refusing)).forEach(cluster -> task.release(key, cluster));
    }

    /** The placement's shares, each cluster with its replicas of the one component. */
    private static List<ScheduleResult.Target> previous(ResourceBinding binding) {
        String component = binding.getComponents().get(0).getName();
        return binding.getPlacement().getClusters().stream()
                .map(t -> new ScheduleResult.Target(t.getName(), Map.of(component, t.getReplicas()))).toList();
    }
}
