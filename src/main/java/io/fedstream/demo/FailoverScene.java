package io.fedstream.demo;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.DeltaRange;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.runtime.ShutdownSignal;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * The demo's failover scene, live on the broker: three workloads with different state (a Flink job with a checkpoint
 * and deltas after it, a Kafka consumer with committed offsets, a stateless web app) are placed on one cluster; that
 * cluster stops heart-beating, goes SUSPECT then FAILED, every workload on it gets a migration command which the scene
 * carries out as the executor would, the placements move, and once the new copies report running (as their agents
 * would) the old copies are purged, as Karmada purges a gracefully evicted copy once the new one is healthy.
 */
public final class FailoverScene {

    static final String POLICY = "PropagationPolicy/payments/payments";
    static final String FLINK = "flink.apache.org/FlinkDeployment/payments/fraud-scorer";
    static final String CONSUMER = "apps/Deployment/payments/ledger-writer";
    static final String WEB = "apps/Deployment/payments/checkout-web";
    private static final List<String> WORKLOADS = List.of(FLINK, CONSUMER, WEB);
    /** The failover stage's decisions that a workload stays on its failed cluster for this incident (docs/failover.md). */
    private static final Set<String> STAYS = Set.of("MIGRATION_NO_TARGET", "MIGRATION_DISABLED", "MIGRATION_INVALID",
            "MIGRATION_EXHAUSTED", "MIGRATION_HELD");
    private static final String RESOURCE = "/demo/failover-scene.yaml";
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(150);
    private static final Duration POLICY_PAUSE = Duration.ofSeconds(1);
    /** Delta payload sizes: two the checkpoint covers, three written after it. */
    private static final int[] DELTAS_BEFORE = {4096, 4096};
    private static final int[] DELTAS_AFTER = {1536, 2048, 2560};
    private static final long CHECKPOINT_ID = 17;
    private static final long STATE_SIZE = 512L * 1024 * 1024;

    private final FleetClient fleet;
    private final FailoverClient failover;
    private final DemoClusters clusters;
    private final ShutdownSignal signal;
    private final PrintWriter out;

    private final Map<String, ResourceBinding> bindings = new HashMap<>();
    private final Map<String, ClusterState> states = new HashMap<>();
    private final Map<String, String> movedTo = new LinkedHashMap<>();
    /** Workloads of the failing cluster that fedstream decided leave it not, with the audit trail's reason. */
    private final Map<String, String> stays = new LinkedHashMap<>();
    private final Set<String> purged = new LinkedHashSet<>();
    /** Each workload's last audited decision, to say where one that did not move stands. */
    private final Map<String, AuditEvent> lastAudited = new HashMap<>();
    private final Map<String, Integer> otherStrategies = new TreeMap<>();
    private long incrementalBytes;
    private long fullStateBytes;
    private int otherPurges;
    private String failing;
    private long startedAt;
    /** Ctrl-C ended a wait. */
    private boolean interrupted;

    public FailoverScene(FleetClient fleet, FailoverClient failover, DemoClusters clusters, ShutdownSignal signal, PrintWriter out) {
        this.fleet = fleet;
        this.failover = failover;
        this.clusters = clusters;
        this.signal = signal;
        this.out = out;
    }

    /** Plays the scene; false (having said why) when a step did not happen in time or Ctrl-C came. */
    public boolean play() throws InterruptedException, ExecutionException {
        out.printf("Failover scene: clusters %s heart-beat every %d s; one silent for %d s is SUSPECT, FAILED %d s later,%n",
                String.join(", ", DemoClusters.NAMES), clusters.interval().toSeconds(),
                DemoClusters.FAILURE_THRESHOLD.toSeconds(), DemoClusters.TOLERATION.toSeconds());
        out.printf("and READY again after %d s of heartbeats. Policy payments/payments prefers member2.%n",
                DemoClusters.SUCCESS_THRESHOLD.toSeconds());
        out.flush();
        if (!await(() -> DemoClusters.NAMES.stream().allMatch(c -> states.get(c) == ClusterState.READY), "every cluster READY")) {
            return false;
        }
        List<String> manifests = manifests();
        Instant now = Instant.now();
        fleet.publishPolicies(Map.of(POLICY, PolicyEvent.newBuilder()
                .setOp(Op.UPSERT).setManifest(manifests.get(0)).setObservedAt(now).setSource("demo").build()));
        // The policy reaches every instance's global store on its own thread and says nothing when it has; the stores
        // take milliseconds, so a pause keeps the workloads from being placed before it.
        if (signal.poll(POLICY_PAUSE)) {
            return false;
        }
        Map<String, WorkloadEvent> upserts = new LinkedHashMap<>();
        for (int i = 0; i < WORKLOADS.size(); i++) {
            upserts.put(WORKLOADS.get(i), WorkloadEvent.newBuilder()
                    .setOp(Op.UPSERT).setManifest(manifests.get(i + 1)).setObservedAt(now).setSource("demo").build());
        }
        fleet.publish(upserts);
        if (!await(() -> WORKLOADS.stream().allMatch(k -> placedOn(k) != null), "the placement of " + names(WORKLOADS))) {
            return false;
        }
        for (String key : WORKLOADS) {
            ResourceBinding binding = bindings.get(key);
            out.printf("  placed   %-22s %-16s on %s (%s)%n", name(key), binding.getKind(), placedOn(key),
                    binding.getPlacement().getDecidedBy());
        }
        reportState();

        failing = placedOn(FLINK);
        Set<String> leaving = bindings.keySet().stream().filter(k -> failing.equals(placedOn(k)))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        startedAt = System.nanoTime();
        clusters.silence(failing);
        out.printf("  %6s   %s stops heart-beating (%d workloads run there)%n", elapsed(), failing, leaving.size());
        out.flush();
        if (!await(() -> WORKLOADS.stream().allMatch(movedTo::containsKey), "the scene's workloads moved away from " + failing)) {
            return false;
        }
        // The sample fleet's workloads there move the same way, or stay where fedstream says why (no survivor has room, say);
        // one that does neither is named, not waited on forever.
        if (!awaitOptional(() -> leaving.stream().allMatch(this::settled))) {
            if (interrupted) {
                out.println("  interrupted while waiting for the sample fleet's workloads to move");
                return false;
            }
            List<String> stayed = leaving.stream().filter(k -> !settled(k))
                    .map(this::standing).toList();
            out.printf("  %6s   %d of the sample fleet's workloads on %s did not move within %d s: %s (fedstream get migrations -A"
                    + " and the audit topic say why)%n", elapsed(), stayed.size(), failing, STEP_TIMEOUT.toSeconds(), String.join(", ", stayed));
            out.flush();
        }
        if (!otherStrategies.isEmpty()) {
            int others = otherStrategies.values().stream().mapToInt(Integer::intValue).sum();
            out.printf("  %6s   + %d %s for the sample fleet's workloads on %s (%s), carried out the same way%n", elapsed(),
                    others, others == 1 ? "command" : "commands", failing,
                    otherStrategies.entrySet().stream().map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(", ")));
        }

        clusters.resume(failing);
        out.printf("  %6s   %s heart-beats again%n", elapsed(), failing);
        out.flush();
        if (!await(() -> states.get(failing) == ClusterState.READY && purged.size() + otherPurges >= movedTo.size(),
                "the purge of every copy left on " + failing)) {
            return false;
        }
        if (otherPurges > 0) {
            out.printf("  %6s   + %d PURGE %s for the sample fleet's workloads on %s%n", elapsed(), otherPurges,
                    otherPurges == 1 ? "command" : "commands", failing);
        }
        out.printf("%d workloads moved off %s and purged there; state relayed: %s of deltas instead of %s of full state.%n",
                movedTo.size(), failing, bytes(incrementalBytes), bytes(fullStateBytes));
        out.flush();
        return true;
    }

    /** The Flink job reports a checkpoint with deltas written after it; the consumer reports its group's offsets. */
    private void reportState() throws ExecutionException, InterruptedException {
        long deltaOffset = -1;
        int deltaPartition = -1;
        for (int size : DELTAS_BEFORE) {
            RecordMetadata written = failover.writeDelta(FLINK, new byte[size]);
            deltaPartition = written.partition();
            deltaOffset = written.offset();
        }
        Instant now = Instant.now();
        failover.reportStatus(FLINK, WorkloadStatusEvent.newBuilder()
                .setCluster(placedOn(FLINK))
                .setPhase("RUNNING")
                .setLastCompletedCheckpoint(Checkpoint.newBuilder()
                        .setId(CHECKPOINT_ID)
                        .setPath("s3://checkpoints/payments/fraud-scorer/chk-" + CHECKPOINT_ID)
                        .setStateSizeBytes(STATE_SIZE)
                        .setCompletedAt(now)
                        .setDeltaPartition(deltaPartition)
                        .setDeltaOffset(deltaOffset)
                        .build())
                .setObservedAt(now)
                .build());
        long last = deltaOffset;
        for (int size : DELTAS_AFTER) {
            last = failover.writeDelta(FLINK, new byte[size]).offset();
        }
        out.printf("  report   %-22s checkpoint %d (%s) covers state-deltas partition %d up to offset %d; %d deltas after it,"
                        + " up to offset %d (%s)%n", name(FLINK), CHECKPOINT_ID, bytes(STATE_SIZE), deltaPartition, deltaOffset,
                DELTAS_AFTER.length, last, bytes(Arrays.stream(DELTAS_AFTER).sum()));
        List<ConsumerGroupOffset> offsets = List.of(
                new ConsumerGroupOffset("ledger-writer", "payments.transactions", 0, 18231L),
                new ConsumerGroupOffset("ledger-writer", "payments.transactions", 1, 17904L),
                new ConsumerGroupOffset("ledger-writer", "payments.transactions", 2, 18877L));
        failover.reportStatus(CONSUMER, WorkloadStatusEvent.newBuilder()
                .setCluster(placedOn(CONSUMER))
                .setPhase("RUNNING")
                .setConsumerGroupOffsets(offsets)
                .setObservedAt(Instant.now())
                .build());
        out.printf("  report   %-22s consumer group %s%n", name(CONSUMER), offsets(offsets));
        out.flush();
    }

    /** Reads and shows what fedstream writes until {@code done}; false, having said so, on timeout or Ctrl-C. */
    private boolean await(BooleanSupplier done, String what) throws InterruptedException, ExecutionException {
        if (!awaitOptional(done)) {
            out.printf(interrupted ? "  interrupted while waiting for %s%n" : "  did not see %s within %d s%n", what, STEP_TIMEOUT.toSeconds());
            out.flush();
            return false;
        }
        return true;
    }

    /** As {@link #await}, saying nothing of a timeout; Ctrl-C still ends the wait. */
    private boolean awaitOptional(BooleanSupplier done) throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            if (signal.poll(Duration.ZERO)) {
                interrupted = true;
                return false;
            }
            for (FailoverClient.Observed observed : failover.poll(POLL)) {
                show(observed);
            }
        }
        return true;
    }

    private void show(FailoverClient.Observed observed) throws ExecutionException, InterruptedException {
        if (observed instanceof FailoverClient.Observed.StateChanged changed) {
            ClusterStateEvent event = changed.event();
            states.put(event.getCluster(), event.getState());
            if (event.getCluster().equals(failing)) {
                out.printf("  %6s   %s %s -> %s (%s)%n", elapsed(), event.getCluster(), event.getPreviousState(), event.getState(),
                        event.getReason());
            }
        } else if (observed instanceof FailoverClient.Observed.CommandIssued issued) {
            onCommand(issued.command());
        } else if (observed instanceof FailoverClient.Observed.BindingChanged changed) {
            onBinding(changed.key(), changed.binding());
        } else if (observed instanceof FailoverClient.Observed.Audited audited) {
            onAudit(audited.event());
        }
        out.flush();
    }

    private void onCommand(MigrationCommand command) throws ExecutionException, InterruptedException {
        boolean ours = WORKLOADS.contains(command.getWorkloadKey());
        if (command.getAction() == MigrationAction.PURGE) {
            if (ours) {
                purged.add(command.getWorkloadKey());
                out.printf("  %6s   command  %-22s PURGE on %s (%s)%n", elapsed(), name(command.getWorkloadKey()),
                        command.getSourceCluster(), command.getPurgeMode());
            } else {
                otherPurges++;
            }
            report(command, MigrationPhase.COMPLETED, command.getSourceCluster());
            return;
        }
        incrementalBytes += command.getIncrementalBytes();
        fullStateBytes += command.getFullStateBytes();
        if (ours) {
            out.printf("  %6s   command  %-22s %-17s %s -> %s  %s%n", elapsed(), name(command.getWorkloadKey()), command.getStrategy(),
                    command.getSourceCluster(), command.getTargetCluster(), carried(command));
        } else {
            otherStrategies.merge(command.getStrategy().name(), 1, Integer::sum);
        }
        report(command, MigrationPhase.STARTED, command.getTargetCluster());
        report(command, MigrationPhase.COMPLETED, command.getTargetCluster());
        // The new copy's agent reports it running: fedstream purges the old copy then (docs/failover.md, "Purging the old copy").
        failover.reportStatus(command.getWorkloadKey(), WorkloadStatusEvent.newBuilder()
                .setCluster(command.getTargetCluster()).setPhase("Running").setObservedAt(Instant.now()).build());
        if (ours) {
            out.printf("  %6s   executor %-22s STARTED, COMPLETED on %s%n", elapsed(), name(command.getWorkloadKey()),
                    command.getTargetCluster());
        }
    }

    /** fedstream decided that a workload of the failing cluster stays there: shown with its reason, no longer awaited. */
    private void onAudit(AuditEvent event) {
        String key = event.getWorkloadKey();
        if (key != null) {
            lastAudited.put(key, event);
        }
        if (failing == null || key == null || !failing.equals(event.getCluster()) || !STAYS.contains(event.getDecision())
                || movedTo.containsKey(key) || stays.putIfAbsent(key, String.valueOf(event.getReason())) != null) {
            return;
        }
        out.printf("  %6s   stays    %-22s on %s: %s (%s)%n", elapsed(), name(key), failing, event.getReason(), event.getDecision());
    }

    private void onBinding(String key, ResourceBinding binding) {
        if (binding == null) {
            bindings.remove(key);
            return;
        }
        ResourceBinding before = bindings.put(key, binding);
        String from = before == null || before.getPlacement() == null ? null : before.getPlacement().getClusters().get(0).getName();
        String to = placedOn(key);
        if (failing != null && failing.equals(from) && to != null && !to.equals(from)) {
            movedTo.put(key, to);
            if (WORKLOADS.contains(key)) {
                out.printf("  %6s   moved    %-22s %s -> %s (%s)%n", elapsed(), name(key), from, to, binding.getPlacement().getDecidedBy());
            }
        }
    }

    /** The executor's report, as `fedstream executor` would send it after acting on the cluster. */
    private void report(MigrationCommand command, MigrationPhase phase, String cluster) throws ExecutionException, InterruptedException {
        failover.reportMigration(MigrationEvent.newBuilder()
                .setCommandId(command.getCommandId())
                .setIncidentId(command.getIncidentId())
                .setWorkloadKey(command.getWorkloadKey())
                .setPhase(phase)
                .setCluster(cluster)
                .setReportedAt(Instant.now())
                .build());
    }

    /** What state travels with the command. */
    static String carried(MigrationCommand command) {
        return switch (command.getStrategy()) {
            case CHECKPOINT -> {
                Checkpoint checkpoint = command.getCheckpoint();
                DeltaRange replay = command.getDeltaReplay();
                String restore = checkpoint == null ? "no checkpoint yet" : "checkpoint " + checkpoint.getId();
                String deltas = replay == null ? "no deltas to replay" : "replay " + replay.getTopic() + " partition " + replay.getPartition()
                        + " (" + replay.getFromOffsetExclusive() + ".." + replay.getToOffsetInclusive() + "], " + replay.getRecords()
                        + " deltas";
                yield restore + ", " + deltas + "; " + bytes(command.getIncrementalBytes()) + " incremental vs "
                        + bytes(command.getFullStateBytes()) + " full";
            }
            case OFFSET_COMMIT -> "commit " + offsets(command.getConsumerGroupOffsets());
            case GRACEFUL_SHUTDOWN -> "stop there, start here; no state to carry";
        };
    }

    private static String offsets(List<ConsumerGroupOffset> offsets) {
        if (offsets.isEmpty()) {
            return "no offsets reported";
        }
        Map<String, List<ConsumerGroupOffset>> byTopic = offsets.stream()
                .collect(Collectors.groupingBy(o -> o.getGroup() + " " + o.getTopic(), LinkedHashMap::new, Collectors.toList()));
        return byTopic.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue().stream().map(o -> o.getPartition() + "@" + o.getOffset())
                        .collect(Collectors.joining(",")))
                .collect(Collectors.joining("; "));
    }

    /** Binary units, one decimal where it matters: 6 KiB, 1.5 KiB, 512 MiB. */
    static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = value == Math.rint(value) ? Long.toString((long) value) : String.format("%.1f", value);
        return number + " " + units[unit];
    }

    /**
     * Whether a workload of the failing cluster is done with: moved, said to stay, or deleted (the scene reads the
     * bindings topic's partitions each at its own pace, so a delete from an earlier scene, the quota scene's, say, may
     * be read only after the failing cluster's workloads were counted).
     */
    private boolean settled(String key) {
        return movedTo.containsKey(key) || stays.containsKey(key) || !bindings.containsKey(key);
    }

    /** A workload that neither moved nor was said to stay: its name, where its binding places it, its last audited decision. */
    private String standing(String key) {
        AuditEvent last = lastAudited.get(key);
        return name(key) + " (placed on " + placedOn(key) + "; last audited: "
                + (last == null ? "nothing" : last.getDecision() + " " + last.getReason()) + ")";
    }

    private String placedOn(String key) {
        ResourceBinding binding = bindings.get(key);
        return binding == null || binding.getPlacement() == null || binding.getPlacement().getClusters().isEmpty()
                ? null : binding.getPlacement().getClusters().get(0).getName();
    }

    private String elapsed() {
        return String.format("+%.1fs", (System.nanoTime() - startedAt) / 1e9);
    }

    private static String name(String key) {
        String[] parts = key.split("/");
        return parts[parts.length - 2] + "/" + parts[parts.length - 1];
    }

    private static String names(List<String> keys) {
        return keys.stream().map(FailoverScene::name).collect(Collectors.joining(", "));
    }

    /** The policy and the three workloads, as JSON, in file order. */
    private static List<String> manifests() {
        return SceneManifests.read(RESOURCE);
    }
}
