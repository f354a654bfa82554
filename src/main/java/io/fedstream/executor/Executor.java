package io.fedstream.executor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fedstream.agent.WorkloadManifest;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationStrategy;
import io.fedstream.avro.PurgeMode;
import io.fedstream.config.WorkloadKey;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.executor.MigrationReports.Report;
import io.fedstream.override.ReplicaRevision;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member cluster's executor, on one thread: it propagates every binding to the cluster ({@link Propagation}:
 * Karmada's Work, with the cluster's replicas and overrides) and carries out the migration commands that concern the
 * cluster. As a MIGRATE command's target it applies the
 * workload's manifest with the restore information (committing a consumer group's offsets first for OFFSET_COMMIT); as
 * a PURGE command's source it removes the stale copy (at once, or scaled down first and deleted after the grace
 * period). A MIGRATE command's source does nothing: the source is the failed cluster, and fedstream sends a PURGE for
 * it at Karmada's moment (docs/failover.md, "Purging the old copy"). Each command's offset is committed in the
 * transaction of its final report, and the command id on the applied object makes a redelivered command report without
 * applying twice.
 */
public final class Executor implements AutoCloseable {

    /** A point inside a command where tests stop the executor as {@code kill -9} would; production passes {@link #NONE}. */
    interface Interruption {
        /** Called once the object is applied and before the command's final report and offset commit. */
        void afterApply(MigrationCommand command);
    }

    static final Interruption NONE = command -> { };

    private static final Logger LOG = LoggerFactory.getLogger(Executor.class);
    private static final Duration MIGRATIONS_POLL = Duration.ofMillis(100);
    private static final Duration PROPAGATION_WAIT = Duration.ofMillis(200);

    private final String cluster;
    private final FedstreamConfig config;
    private final Topics topics;
    private final ClusterObjects objects;
    private final GroupOffsetCommitter committer;
    private final Clock clock;
    private final Interruption interruption;
    private final Map<String, PendingPurge> pendingPurges = new HashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean closing;
    private volatile Throwable failure;
    private Thread thread;

    /**
     * An executor for {@code cluster}; {@code appsAdmin} commits consumer-group offsets on the Kafka the workloads consume
     * from (null: OFFSET_COMMIT commands fail, saying so).
     */
    public Executor(KubernetesClient client, FedstreamConfig config, Topics topics, Admin appsAdmin, String cluster, Clock clock) {
        this(client, config, topics, appsAdmin, cluster, clock, NONE);
    }

    Executor(KubernetesClient client, FedstreamConfig config, Topics topics, Admin appsAdmin, String cluster, Clock clock,
             Interruption interruption) {
        this.cluster = cluster;
        this.config = config;
        this.topics = topics;
        this.objects = new ClusterObjects(client);
        this.committer = appsAdmin == null ? null : new GroupOffsetCommitter(appsAdmin);
        this.clock = clock;
        this.interruption = interruption;
    }

    /** The consumer group and transactional id of an executor: one per member cluster. */
    public static String groupId(String cluster) {
        return "fedstream-executor-" + cluster;
    }

    /** Starts consuming on its own thread. */
    public Executor start() {
        thread = new Thread(this::run, groupId(cluster));
        thread.start();
        return this;
    }

    /** Waits until the executor stopped (closed or failed); true when it did within the timeout. */
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** What stopped the executor other than {@link #close()}, or null. */
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        closing = true;
        try {
            if (thread != null) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        Properties consumerProperties = config.consumerProperties();
        consumerProperties.put(ConsumerConfig.GROUP_ID_CONFIG, groupId(cluster));
        consumerProperties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumerProperties.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerProperties.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, groupId(cluster));
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(consumerProperties, new StringDeserializer(), new ByteArrayDeserializer());
        MigrationReports reports = null;
        Propagation propagation = null;
        try {
            reports = new MigrationReports(config.producerProperties(), groupId(cluster), topics.migrationEvents(), cluster, clock);
            propagation = new Propagation(objects, config, topics, cluster, clock);
            propagation.catchUp();
            consumer.subscribe(List.of(topics.migrations().name()));
            boolean purgesResumed = false;
            while (!closing) {
                purgesResumed = purgesResumed || resumePendingPurges();
                Map<TopicPartition, OffsetAndMetadata> passed = new HashMap<>();
                for (ConsumerRecord<String, byte[]> record : consumer.poll(MIGRATIONS_POLL)) {
                    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(passed);
                    offsets.put(new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
                    MigrationCommand command = read(topics.migrations(), record);
                    if (command != null && concernsMe(command)) {
                        handle(command, propagation, reports, offsets, consumer);
                        propagation.touched(command.getWorkloadKey());
                        passed.clear();
                    } else {
                        passed.putAll(offsets);
                    }
                }
                if (!passed.isEmpty()) {
                    reports.commitOffsets(passed, consumer.groupMetadata());
                }
                finishDuePurges(reports, consumer, propagation);
                propagation.step(PROPAGATION_WAIT);
            }
        } catch (Throwable t) {
            failure = t;
            LOG.error("executor for {} stopped: {}", cluster, t.toString(), t);
        } finally {
            // Nothing is committed on the way out: after a failure the next executor re-reads the command, as after kill -9.
            if (reports != null) {
                reports.close();
            }
            if (propagation != null) {
                propagation.close();
            }
            consumer.close(Duration.ofSeconds(5));
            stopped.countDown();
        }
    }

    private boolean concernsMe(MigrationCommand command) {
        return command.getAction() == MigrationAction.MIGRATE ? cluster.equals(command.getTargetCluster())
                : cluster.equals(command.getSourceCluster());
    }

    private void handle(MigrationCommand command, Propagation propagation, MigrationReports reports,
                        Map<TopicPartition, OffsetAndMetadata> offsets, KafkaConsumer<String, byte[]> consumer) {
        List<Report> outcome;
        try {
            outcome = command.getAction() == MigrationAction.MIGRATE
                    ? migrate(command, propagation, reports, consumer)
                    : purge(command);
        } catch (RuntimeException e) {
            LOG.warn("executor for {}: command {} failed: {}", cluster, command.getCommandId(), e.toString());
            outcome = List.of(new Report(MigrationPhase.FAILED, e.getMessage() == null ? e.toString() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while carrying out " + command.getCommandId(), e);
        }
        reports.commit(command, outcome, offsets, consumer.groupMetadata());
        LOG.info("executor for {}: command {} -> {}", cluster, command.getCommandId(),
                outcome.stream().map(r -> r.phase().name()).collect(Collectors.joining(", ")));
    }

    private List<Report> migrate(MigrationCommand command, Propagation propagation, MigrationReports reports,
                                 KafkaConsumer<String, byte[]> consumer) throws InterruptedException {
        WorkloadKey key = parse(command.getWorkloadKey());
        // A command whose target's override policies change the workload carries that cluster's manifest.
        String manifest = command.getTargetManifest() != null ? command.getTargetManifest()
                : propagation.latestManifest(command.getWorkloadKey()).orElseThrow(() -> new IllegalStateException(
                "no manifest of " + command.getWorkloadKey() + " on " + topics.workloads().name() + " (deleted, or past its retention)"));
        // A moved Divided share runs its own pods there, not the workload's replicas.
        ReplicaRevision.Revised share = ShareManifest.of(manifest, command.getTargetReplicas());
        ObjectNode restored = RestoredManifest.of(share.manifest(), command);
        String apiVersion = restored.path("apiVersion").asText();
        Optional<GenericKubernetesResource> existing = objects.get(apiVersion, key.kind(), key.namespace(), key.name());
        boolean applied = existing.isPresent() && command.getCommandId().equals(annotation(existing.get(), ObjectMarks.MIGRATION_COMMAND));
        List<Report> outcome = new ArrayList<>();
        if (!applied) {
            reports.commit(command, List.of(new Report(MigrationPhase.STARTED, null)), Map.of(), consumer.groupMetadata());
            if (command.getStrategy() == MigrationStrategy.OFFSET_COMMIT && !command.getConsumerGroupOffsets().isEmpty()) {
                if (committer == null) {
                    throw new IllegalStateException("OFFSET_COMMIT needs the Kafka of the workloads' consumer groups, and none is configured");
                }
                committer.commit(command.getConsumerGroupOffsets());
            }
            objects.apply(restored);
            interruption.afterApply(command);
        }
        restoredState(command).ifPresent(what -> outcome.add(new Report(MigrationPhase.RESTORED, what)));
        outcome.add(new Report(MigrationPhase.COMPLETED, applied ? "already applied by this command; not applied again"
                : ShareManifest.unrevisedNote(share, command.getTargetReplicas())));
        return outcome;
    }

    /** What was restored, for the RESTORED report; empty when the strategy carries no state. */
    private static Optional<String> restoredState(MigrationCommand command) {
        if (command.getStrategy() == MigrationStrategy.CHECKPOINT && command.getCheckpoint() != null) {
            return Optional.of("initialSavepointPath " + command.getCheckpoint().getPath() + " (checkpoint " + command.getCheckpoint().getId() + ")");
        }
        if (command.getStrategy() == MigrationStrategy.OFFSET_COMMIT && !command.getConsumerGroupOffsets().isEmpty()) {
            return Optional.of("committed " + command.getConsumerGroupOffsets().stream()
                    .map(o -> o.getGroup() + " " + o.getTopic() + "-" + o.getPartition() + "@" + o.getOffset())
                    .collect(Collectors.joining(", ")));
        }
        return Optional.empty();
    }

    private List<Report> purge(MigrationCommand command) {
        WorkloadKey key = parse(command.getWorkloadKey());
        Report started = new Report(MigrationPhase.STARTED, null);
        if (command.getPurgeMode() == PurgeMode.Never) {
            return List.of(started, new Report(MigrationPhase.COMPLETED, "purgeMode Never: the copy on " + cluster + " stays"));
        }
        Optional<GenericKubernetesResource> existing = objects.find(key);
        if (existing.isEmpty()) {
            return List.of(started, new Report(MigrationPhase.COMPLETED, "nothing to purge: " + command.getWorkloadKey() + " is not on " + cluster));
        }
        Map<String, String> marks = new HashMap<>(Map.of(
                ObjectMarks.PURGE_COMMAND, command.getCommandId(), ObjectMarks.PURGE_INCIDENT, command.getIncidentId()));
        int grace = command.getGracePeriodSeconds() == null ? 0 : command.getGracePeriodSeconds();
        if (command.getPurgeMode() == PurgeMode.Directly || grace <= 0) {
            objects.delete(objects.mark(existing.get(), marks, Map.of(), false));
            return List.of(started, new Report(MigrationPhase.COMPLETED, "deleted from " + cluster));
        }
        // A redelivered command keeps the deadline it set the first time, so the grace period does not restart.
        String set = command.getCommandId().equals(annotation(existing.get(), ObjectMarks.PURGE_COMMAND))
                ? annotation(existing.get(), ObjectMarks.PURGE_AFTER) : null;
        long due = set != null ? Long.parseLong(set) : clock.millis() + grace * 1000L;
        marks.put(ObjectMarks.PURGE_AFTER, Long.toString(due));
        GenericKubernetesResource marked = objects.mark(existing.get(), marks, Map.of(ObjectMarks.PURGING_LABEL, "true"), true);
        pendingPurges.put(command.getCommandId(), new PendingPurge(command.getCommandId(), command.getIncidentId(),
                command.getWorkloadKey(), marked, due));
        return List.of(new Report(MigrationPhase.STARTED, "scaled down on " + cluster + "; deleted after the grace period of " + grace + " s"));
    }

    /**
     * Objects a previous executor scaled down and had not deleted yet: their deletion is still due. False when the
     * cluster cannot be asked now (it is asked again on the next round).
     */
    private boolean resumePendingPurges() {
        List<GenericKubernetesResource> purging;
        try {
            purging = objects.labelled(ObjectMarks.PURGING_LABEL, "true");
        } catch (KubernetesClientException e) {
            LOG.warn("executor for {}: cannot list the copies being purged yet: {}", cluster, e.getMessage());
            return false;
        }
        for (GenericKubernetesResource object : purging) {
            String commandId = annotation(object, ObjectMarks.PURGE_COMMAND);
            String due = annotation(object, ObjectMarks.PURGE_AFTER);
            if (commandId == null || due == null) {
                continue;
            }
            String key = WorkloadManifest.of(objects.client().getKubernetesSerialization().asJson(object)).key();
            pendingPurges.put(commandId, new PendingPurge(commandId, annotation(object, ObjectMarks.PURGE_INCIDENT), key, object,
                    Long.parseLong(due)));
        }
        return true;
    }

    private void finishDuePurges(MigrationReports reports, KafkaConsumer<String, byte[]> consumer, Propagation propagation) {
        long now = clock.millis();
        for (PendingPurge purge : List.copyOf(pendingPurges.values())) {
            if (purge.dueAtMillis() > now) {
                continue;
            }
            Report report;
            try {
                objects.delete(purge.object());
                report = new Report(MigrationPhase.COMPLETED, "deleted from " + cluster + " after the grace period");
            } catch (RuntimeException e) {
                report = new Report(MigrationPhase.FAILED, "cannot delete the scaled-down copy: " + e.getMessage());
            }
            reports.commit(purge.commandId(), purge.incidentId() == null ? "" : purge.incidentId(), purge.workloadKey(), List.of(report),
                    Map.of(), consumer.groupMetadata());
            pendingPurges.remove(purge.commandId());
            propagation.touched(purge.workloadKey());
        }
    }

    private static WorkloadKey parse(String workloadKey) {
        return WorkloadKey.parse(workloadKey).orElseThrow(() -> new IllegalArgumentException(
                "workloadKey: must be group/kind/namespace/name (value: " + workloadKey + ")"));
    }

    private static String annotation(GenericKubernetesResource object, String name) {
        Map<String, String> annotations = object.getMetadata().getAnnotations();
        return annotations == null ? null : annotations.get(name);
    }

    private static <V> V read(Topic<String, V> topic, ConsumerRecord<String, byte[]> record) {
        try {
            return record.value() == null ? null : topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            LOG.warn("skipping unreadable command {} at {}-{}@{}: {}", record.key(), record.topic(), record.partition(), record.offset(),
                    e.toString());
            return null;
        }
    }

    /** A scaled-down copy whose deletion is due at a time. */
    private record PendingPurge(String commandId, String incidentId, String workloadKey, GenericKubernetesResource object,
                                long dueAtMillis) {}
}
