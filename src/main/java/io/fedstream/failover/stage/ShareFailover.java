package io.fedstream.failover.stage;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.failover.FailoverBehavior;
import io.fedstream.failover.FailoverSettings;
import io.fedstream.failover.IncidentKey;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.Placer;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 6 for a workload placed on several clusters: when one of them fails, {@link ReplicaScheduler#reschedule} decides
 * what becomes of that cluster's share alone. It moves to a new cluster (a MigrationCommand with the relay, as a whole
 * workload's move) when the group and spread bound call for one; it is removed from the placement, and purged when the
 * cluster recovers, when the clusters left satisfy the schedule. The other clusters keep running untouched; a
 * re-schedule that would change their shares is held, audited.
 */
final class ShareFailover {

    private final FleetTask task;
    private final ReplicaScheduler scheduler = new ReplicaScheduler();

    ShareFailover(FleetTask task) {
        this.task = task;
    }

    /** Decides, once per workload and incident, what becomes of the share on {@code source}. */
    void onFailure(String key, ResourceBinding binding, PropagationPolicy policy, FleetWorkload workload, String source, String incidentId,
                   long now) {
        if (!task.ledger.holdBack(new IncidentKey(key, incidentId))) {
            return;
        }
        Placement placement = binding.getPlacement();
        List<ScheduleResult.Target> kept = new ArrayList<>();
        Map<String, Long> sourceShare = null;
        for (ClusterTarget target : placement.getClusters()) {
            Map<String, Long> share = share(binding, placement, target);
            if (share == null) {
                held(binding, incidentId, source, "a Divided workload of several components keeps one replica count per cluster in its"
                        + " binding, not each component's share", now);
                return;
            }
            if (target.getName().equals(source)) {
                sourceShare = share;
            } else {
                kept.add(new ScheduleResult.Target(target.getName(), share));
            }
        }
        ScheduleResult result;
        try {
            List<ComponentDemand> demands = FleetTask.demands(binding);
            result = task.place(clusters -> scheduler.reschedule(new Placer.Request(demands, policy, clusters, Set.of(source)),
                    workload.group(), kept), r -> r instanceof ScheduleResult.Unschedulable);
        } catch (IllegalArgumentException e) {
            held(binding, incidentId, source, "its requirements cannot be read: " + e.getMessage(), now);
            return;
        }
        if (result instanceof ScheduleResult.Unschedulable no) {
            task.audit(FleetAudit.noTarget(binding, incidentId, source, "MIGRATION_NO_TARGET", "its share stays on " + source + ": "
                    + no.summary() + (no.problems().isEmpty() ? "" : ": " + String.join("; ", no.problems())), now));
            return;
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        Map<String, Map<String, Long>> before = new LinkedHashMap<>();
        kept.forEach(target -> before.put(target.cluster(), target.components()));
        List<ScheduleResult.Target> added = new ArrayList<>();
        for (ScheduleResult.Target target : scheduled.targets()) {
            if (!before.containsKey(target.cluster())) {
                added.add(target);
            } else if (!before.get(target.cluster()).equals(target.components())) {
                held(binding, incidentId, source, "the re-schedule changes the share of " + target.cluster() + ", which keeps running ("
                        + before.get(target.cluster()) + " to " + target.components() + ")", now);
                return;
            }
        }
        if (scheduled.targets().size() - added.size() < kept.size() || added.size() > 1) {
            held(binding, incidentId, source, "the re-schedule moves more than the share of " + source + " (" + scheduled.clusters() + ")", now);
        } else if (added.isEmpty()) {
            remove(key, binding, placement, source, incidentId, policy, now);
        } else {
            move(key, binding, workload, source, incidentId, added.get(0), sourceShare, now);
        }
    }

    /** The clusters left satisfy the schedule: the share leaves the placement now, and its copy is purged on recovery. */
    private void remove(String key, ResourceBinding binding, Placement placement, String source, String incidentId,
                        PropagationPolicy policy, long now) {
        List<ClusterTarget> left = placement.getClusters().stream().filter(t -> !t.getName().equals(source)).toList();
        task.emit(binding.getNamespace(), new FleetOutcome.Place(placement(binding, left, placement.getScheduling())));
        task.release(key, source);
        FailoverBehavior behavior = FailoverSettings.of(policy == null ? null : policy.failover()).cluster();
        // The record the recovery's PURGE is made from, as a completed migration's: nothing was sent to an executor yet.
        MigrationCommand removed = MigrationCommand.newBuilder()
                .setCommandId(key + "/" + incidentId + "/removed")
                .setIncidentId(incidentId)
                .setWorkloadKey(key)
                .setAction(MigrationAction.PURGE)
                .setSourceCluster(source)
                .setStrategy(MigrationStrategy.GRACEFUL_SHUTDOWN)
                .setPurgeMode(behavior.purgeMode())
                .setGracePeriodSeconds(behavior.gracePeriodSeconds())
                .setIssuedAt(task.instant())
                .build();
        task.migrations.put(removed.getCommandId(), MigrationRecord.newBuilder()
                .setCommand(removed).setPhase(MigrationRecordPhase.COMPLETED).setUpdatedAt(removed.getIssuedAt()).build());
        if (behavior.purgeMode() != PurgeMode.Never) {
            task.staleCopies.put(FleetTask.indexKey(source, key), removed.getCommandId());
        }
        task.audit(FleetAudit.noTarget(binding, incidentId, source, "SHARE_REMOVED", "the share on " + source + " leaves the placement: "
                + String.join(", ", left.stream().map(ClusterTarget::getName).toList()) + " satisfy the schedule; "
                + (behavior.purgeMode() == PurgeMode.Never ? "purgeMode Never keeps its copy" : "its copy is purged when " + source + " recovers"),
                now));
    }

    /** The share moves to one new cluster: its reservation there, then the migration command as a whole workload's. */
    private void move(String key, ResourceBinding binding, FleetWorkload workload, String source, String incidentId,
                      ScheduleResult.Target target, Map<String, Long> sourceShare, long now) {
        FleetWorkload.Pending pending = new FleetWorkload.Pending(FailingOver.requestId(key, incidentId, 1, 0), ReservationPurpose.MIGRATE,
                incidentId, source, List.of(target.cluster()), 0, workload.group(), binding.getGeneration(), 1, now);
        task.workloads.put(key, workload.withPending(pending));
        task.reserveShare(binding, pending.requestId(), target.cluster(), sourceShare);
    }

    private void held(ResourceBinding binding, String incidentId, String source, String why, long now) {
        task.audit(FleetAudit.noTarget(binding, incidentId, source, "MIGRATION_HELD", "its share stays on " + source + ": " + why
                + "; the other clusters keep running", now));
    }

    /** Each component's pods on the target: all when Duplicated, its replicas for one component when Divided, else null. */
    private static Map<String, Long> share(ResourceBinding binding, Placement placement, ClusterTarget target) {
        Map<String, Long> share = new LinkedHashMap<>();
        if (placement.getScheduling() == ReplicaScheduling.DUPLICATED) {
            binding.getComponents().forEach(c -> share.put(c.getName(), (long) c.getReplicas()));
            return share;
        }
        if (binding.getComponents().size() != 1 || target.getReplicas() == null) {
            return null;
        }
        share.put(binding.getComponents().get(0).getName(), target.getReplicas());
        return share;
    }

    /** The placement after a share moved from {@code source} to {@code target}: the same shares, one cluster renamed. */
    static AdmissionRequest moved(ResourceBinding binding, String source, String target, String decidedBy) {
        Placement placement = binding.getPlacement();
        List<ClusterTarget> clusters = placement.getClusters().stream()
                .map(t -> t.getName().equals(source) ? new ClusterTarget(target, t.getReplicas()) : t).toList();
        return placement(binding, clusters, placement.getScheduling(), decidedBy);
    }

    private static AdmissionRequest placement(ResourceBinding binding, List<ClusterTarget> clusters, ReplicaScheduling scheduling) {
        return placement(binding, clusters, scheduling, FailingOver.DECIDED_BY);
    }

    private static AdmissionRequest placement(ResourceBinding binding, List<ClusterTarget> clusters, ReplicaScheduling scheduling,
                                              String decidedBy) {
        return AdmissionRequest.newBuilder()
                .setType(AdmissionRequestType.PLACEMENT)
                .setNamespace(binding.getNamespace())
                .setWorkloadKey(binding.getWorkloadKey())
                .setPlacement(Placement.newBuilder().setClusters(clusters).setScheduling(scheduling).setDecidedBy(decidedBy).build())
                .build();
    }
}
