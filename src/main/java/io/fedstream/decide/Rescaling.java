package io.fedstream.decide;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingShares;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 4 for a Divided placement whose workload now asks for another replica count (a new version admitted with the
 * placement of the one before): schedules it again from that placement as Karmada's scheduler does when a binding's
 * replicas change ({@code assignment.go} steady mode: {@code dynamicScaleDown} in proportion to what each cluster runs,
 * {@code dynamicScaleUp} of the new replicas by free room, static weights afresh). Every cluster whose pods grow asks the
 * leased room for the growth ({@link RoomAsk.Purpose#RESCALE}); once all grant, the placement becomes the new
 * schedule's (the admit step charges each cluster its share) and a cluster left with no pods of any component is
 * released and its copy purged. A workload of several components is re-scheduled per component from the shares its
 * placement lists ({@code clusters[].components}). A refusal schedules again, up to {@link PlacingShares#MAX_ATTEMPTS}
 * schedules; until then the placement stays as it was, and when no schedule is found the re-scale waits for the retry
 * punctuator, backing off ({@link RescaleWait}, in the workload's record). A growth asked for is answered, or waits for
 * its cluster's grant: nothing asks it again.
 */
final class Rescaling extends Rescheduling {

    private static final String MARK = "/rescale/";

    private final FailingOver failingOver;

    Rescaling(PlaceFailoverTask task, FailingOver failingOver) {
        super(task);
        this.failingOver = failingOver;
    }

    /**
     * Whether the binding's Divided placement holds another number of replicas than its admitted version asks for: of
     * its one component, or of any component of several as the placement lists them per cluster. Reads the binding
     * alone, so a binding whose replicas did not change costs no store read.
     */
    static boolean replicasChanged(ResourceBinding binding) {
        Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DIVIDED || "user".equals(placement.getDecidedBy())
                || binding.getAdmission().getState() != AdmissionState.ADMITTED || binding.getComponents().isEmpty()) {
            return false;
        }
        if (binding.getComponents().size() > 1) {
            return severalChanged(binding, placement);
        }
        if (placement.getClusters().stream().anyMatch(target -> target.getReplicas() == null)) {
            return false;
        }
        return placement.getClusters().stream().mapToLong(ClusterTarget::getReplicas).sum() != binding.getComponents().get(0).getReplicas();
    }

    /** Whether any component's pods listed over the clusters differ from its replicas (a placement that lists none cannot say). */
    private static boolean severalChanged(ResourceBinding binding, Placement placement) {
        if (!BindingShares.lists(placement)) {
            return false;
        }
        Map<String, Long> placed = new HashMap<>();
        for (ClusterTarget target : placement.getClusters()) {
            for (ComponentShare share : target.getComponents()) {
                placed.merge(share.getName(), share.getReplicas(), Long::sum);
            }
        }
        for (Component component : binding.getComponents()) {
            Long pods = placed.remove(component.getName());
            if ((pods == null ? 0 : pods) != component.getReplicas()) {
                return true;
            }
        }
        // A component the version no longer has still runs somewhere.
        return placed.values().stream().anyMatch(pods -> pods > 0);
    }

    /** A binding arrived (after {@link Placing} saw it): re-schedules it when its replicas changed and nothing else is under way. */
    void onBinding(String key, ResourceBinding binding) {
        if (replicasChanged(binding)) {
            rescale(key, binding, 0);
        }
    }

    /**
     * The retry punctuator found the workload's re-scale waiting ({@code wait}): once due, it is looked at again as if its
     * binding had just arrived, counting the rounds so far for the back-off.
     */
    void retry(String key, RescaleWait wait) {
        if (!wait.due(task.now())) {
            return;
        }
        ResourceBinding binding = task.bindings.of(key);
        if (binding == null || !replicasChanged(binding)) {
            task.waiting.stopWaiting(key);
            return;
        }
        rescale(key, binding, wait.generation() == binding.getGeneration() ? wait.retries() : 0);
    }

    private void rescale(String key, ResourceBinding binding, int retries) {
        PlacementState workload = task.placementStates.of(key);
        Redivision inFlight = workload.redivision();
        if (inFlight != null && inFlight.purpose() == RoomAsk.Purpose.RESCALE) {
            if (inFlight.generation() == binding.getGeneration()) {
                // Asked for (its answers come), or applied and on its way through the admit stage: this version is re-scaled once.
                return;
            }
            if (!inFlight.allGranted()) {
                // Asked for an earlier version and not applied: its growth is not wanted any more.
                giveBack(key, inFlight, null);
            }
            workload = workload.withRedivision(null);
            task.placementStates.save(key, workload);
        }
        if (workload.pending() != null || workload.redivision() != null || workload.shares() != null) {
            // Looked at again once the reservation, failover or placement under way is over.
            task.waiting.waitForRescale(key,
                    RescaleWait.backingOff(binding.getGeneration(), retries + 1, task.now(), task.settings.placeRetryInterval()));
            return;
        }
        schedule(key, binding, workload, 0, List.of(), retries);
    }

    private void schedule(String key, ResourceBinding binding, PlacementState workload, int attempt, List<String> refused, int retries) {
        PropagationPolicy policy = task.policies.governing(binding).orElse(null);
        if (policy == null || policy.placement().replicaScheduling() != PropagationPolicy.ReplicaScheduling.Divided) {
            task.waiting.stopWaiting(key);
            return;
        }
        List<ScheduleResult.Target> previous = previous(binding);
        Set<String> avoid = new HashSet<>();
        refused.stream().filter(cluster -> previous.stream().noneMatch(t -> t.cluster().equals(cluster))).forEach(avoid::add);
        ScheduleResult result;
        try {
            result = reschedule(task, binding, policy, workload.group(), previous, avoid);
        } catch (IllegalArgumentException e) {
            unscheduled(key, binding, workload, "its requirements cannot be read: " + e.getMessage(), retries);
            return;
        }
        if (result instanceof ScheduleResult.Unschedulable no) {
            unscheduled(key, binding, workload, PlacingShares.unschedulable(no, refused), retries);
            return;
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        Redivision rescale = Redivision.of(key + MARK + "g" + binding.getGeneration() + "/s" + attempt, RoomAsk.Purpose.RESCALE,
                "rescale-g" + binding.getGeneration(), null, binding.getGeneration(), attempt, refused, scheduled, previous);
        Redivision settled = ask(key, binding, workload, rescale, scheduled.roomNotes());
        if (settled != null) {
            apply(key, binding, workload, settled);
        }
    }

    @Override
    boolean stillApplies(ResourceBinding binding, Redivision rescale) {
        return replicasChanged(binding);
    }

    @Override
    AuditEvent refusal(ResourceBinding binding, RoomAnswer answer) {
        return PlaceFailoverAudit.rescaling(binding, "RESERVATION_REFUSED", answer.requestId(), answer.refusal(), task.now());
    }

    @Override
    void refused(String key, ResourceBinding binding, PlacementState cleared, Redivision rescale, List<String> refused) {
        int retries = retriesSoFar(key, binding);
        if (rescale.attempt() + 1 >= PlacingShares.MAX_ATTEMPTS) {
            unscheduled(key, binding, cleared, "every re-scale was refused a reservation (refused by " + String.join(", ", refused) + ")",
                    retries);
            return;
        }
        schedule(key, binding, cleared, rescale.attempt() + 1, refused, retries);
    }

    /** Every growth is reserved: the placement becomes the new schedule's, and a cluster left with no pods loses its copy. */
    @Override
    void apply(String key, ResourceBinding binding, PlacementState workload, Redivision rescale) {
        // Kept once applied, so that the version is not re-scaled again before the admit stage shows the placement.
        task.placementStates.save(key, workload.withRedivision(rescale));
        task.waiting.stopWaiting(key);
        List<ScheduleResult.Target> previous = previous(binding);
        task.emitPlacement(rescale.placement(binding, Placing.DECIDED_BY, null));
        boolean several = binding.getComponents().size() > 1;
        List<String> changes = new ArrayList<>();
        for (ScheduleResult.Target before : previous) {
            if (!rescale.targets(before.cluster())) {
                changes.add(before.cluster() + " " + (several ? pods(binding, before.components(), Map.of()) : before.replicas() + " -> 0")
                        + " pods (its copy is purged)");
                failingOver.purgeLeftOut(key, rescale.incidentId(), before.cluster(),
                        before.cluster() + " runs no share of the workload after its replicas changed; purge the copy there");
            }
        }
        for (ScheduleResult.Target target : rescale.targets()) {
            Map<String, Long> was = previous.stream().filter(p -> p.cluster().equals(target.cluster())).map(ScheduleResult.Target::components)
                    .findFirst().orElse(Map.of());
            ShareReservation.Share growth = rescale.growth().stream().filter(g -> g.cluster().equals(target.cluster())).findFirst().orElse(null);
            if (several) {
                changes.add(target.cluster() + " " + pods(binding, was, target.components()) + " pods" + (growth == null ? ""
                        : " (" + String.join(", ", growth.components().entrySet().stream().sorted(Map.Entry.comparingByKey())
                                .map(e -> e.getKey() + " " + e.getValue()).toList()) + " reserved)"));
            } else {
                long pods = was.values().stream().mapToLong(Long::longValue).sum();
                changes.add(target.cluster() + " " + pods + " -> " + target.replicas() + " pods" + (growth == null ? "" : " (" + growth.replicas() + " reserved)"));
            }
        }
        Map<String, Long> before = new LinkedHashMap<>();
        Map<String, Long> after = new LinkedHashMap<>();
        binding.getComponents().forEach(c -> {
            before.put(c.getName(), previous.stream().mapToLong(p -> p.components().getOrDefault(c.getName(), 0L)).sum());
            after.put(c.getName(), c.getReplicas());
        });
        boolean down = binding.getComponents().stream().allMatch(c -> after.get(c.getName()) <= before.get(c.getName()));
        boolean up = binding.getComponents().stream().allMatch(c -> after.get(c.getName()) >= before.get(c.getName()));
        String direction = down && !up ? "scaled down in proportion to what each cluster runs"
                : up ? "scaled up" : "scaled down in proportion to what each cluster runs where fewer are asked, up where more are";
        String counts = several ? pods(binding, before, after)
                : before.values().iterator().next() + " -> " + after.values().iterator().next();
        task.audit(PlaceFailoverAudit.rescaling(binding, "REPLICAS_RESCALED", rescale.decisionId(), counts + " replicas (" + direction + "): "
                + String.join(", ", changes), task.now()));
    }

    /** Each component of the binding, in its order, with its pods {@code before -> after}: {@code master 1 -> 1, worker 4 -> 6}. */
    private static String pods(ResourceBinding binding, Map<String, Long> before, Map<String, Long> after) {
        List<String> parts = new ArrayList<>();
        for (Component component : binding.getComponents()) {
            long was = before.getOrDefault(component.getName(), 0L);
            long is = after.getOrDefault(component.getName(), 0L);
            if (was > 0 || is > 0) {
                parts.add(component.getName() + " " + was + " -> " + is);
            }
        }
        return String.join(", ", parts);
    }

    /**
     * No re-scale this round: the placement stays as it was and the retry punctuator looks at it again after a back-off
     * ({@link RescaleWait}); audited once per generation.
     */
    private void unscheduled(String key, ResourceBinding binding, PlacementState workload, String why, int retries) {
        task.waiting.waitForRescale(key,
                RescaleWait.backingOff(binding.getGeneration(), retries + 1, task.now(), task.settings.placeRetryInterval()));
        if (workload.unplaceableGeneration() == binding.getGeneration()) {
            return;
        }
        task.placementStates.save(key, workload.unplaceable(binding.getGeneration()));
        task.audit(PlaceFailoverAudit.rescaling(binding, "RESCALE_UNSCHEDULABLE", key + "/g" + binding.getGeneration(),
                "the placement stays as it was: " + why, task.now()));
        task.emitPlacement(Placing.unplaced(binding, "this version's replicas could not be scheduled, so the placement stays as it was: " + why));
    }

    /** The rounds the workload's re-scale of this generation ended without one so far (its wait in the unplaced store). */
    private int retriesSoFar(String key, ResourceBinding binding) {
        RescaleWait wait = task.waiting.rescaleWait(key);
        return wait != null && wait.generation() == binding.getGeneration() ? wait.retries() : 0;
    }

    /**
     * The placement's shares: each cluster with its replicas of the one component, or with each component's pods as the
     * placement lists them (as written, not fitted to the version's replicas: what each cluster runs).
     */
    private static List<ScheduleResult.Target> previous(ResourceBinding binding) {
        if (binding.getComponents().size() > 1) {
            List<ScheduleResult.Target> out = new ArrayList<>();
            for (ClusterTarget target : binding.getPlacement().getClusters()) {
                Map<String, Long> pods = new LinkedHashMap<>();
                target.getComponents().forEach(share -> pods.merge(share.getName(), share.getReplicas(), Long::sum));
                out.add(new ScheduleResult.Target(target.getName(), pods));
            }
            return out;
        }
        String component = binding.getComponents().get(0).getName();
        return binding.getPlacement().getClusters().stream()
                .map(t -> new ScheduleResult.Target(t.getName(), Map.of(component, t.getReplicas()))).toList();
    }
}
