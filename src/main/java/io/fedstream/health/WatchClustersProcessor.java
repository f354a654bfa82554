package io.fedstream.health;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.metrics.FedstreamMetrics;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 5, one task per cluster-health partition: takes each heartbeat through the {@link ClusterHealthMachine}, and
 * on a wall-clock schedule looks at every cluster of its partition, so a cluster that went silent is found even
 * though no record arrives; every transition goes out as a cluster-state event and an audit event.
 */
final class WatchClustersProcessor implements Processor<String, ClusterHealthEvent, String, HealthOutcome> {

    private static final Logger LOG = LoggerFactory.getLogger(WatchClustersProcessor.class);

    private final HealthSettings settings;
    private final ClusterHealthMachine machine;
    private final String healthTopic;
    private final Serializer<ClusterHealthEvent> heartbeatSerializer;
    private final FedstreamMetrics metrics;
    private ProcessorContext<String, HealthOutcome> context;
    private KeyValueStore<String, ClusterWatch> watches;
    private long watchingSince;

    WatchClustersProcessor(HealthSettings settings, String healthTopic, Serializer<ClusterHealthEvent> heartbeatSerializer,
                           FedstreamMetrics metrics) {
        this.metrics = metrics;
        this.settings = settings;
        this.machine = new ClusterHealthMachine(settings);
        this.healthTopic = healthTopic;
        this.heartbeatSerializer = heartbeatSerializer;
    }

    @Override
    public void init(ProcessorContext<String, HealthOutcome> context) {
        this.context = context;
        this.watches = context.getStateStore(WatchClustersStage.STORE);
        this.watchingSince = context.currentSystemTimeMs();
        context.schedule(settings.checkInterval(), PunctuationType.WALL_CLOCK_TIME, this::check);
    }

    @Override
    public void process(Record<String, ClusterHealthEvent> record) {
        long now = context.currentSystemTimeMs();
        ClusterHealthEvent heartbeat = record.value();
        if (record.key() == null || heartbeat == null) {
            deadLetter(record, now, heartbeat == null
                    ? "a tombstone does not remove a cluster: heartbeats only report it (key " + record.key() + ")"
                    : "a heartbeat needs the cluster name as its key", "key", record.key());
            return;
        }
        if (!record.key().equals(heartbeat.getCluster())) {
            deadLetter(record, now, "key " + record.key() + " and cluster " + heartbeat.getCluster() + " differ", "cluster", heartbeat.getCluster());
            return;
        }
        metrics.heartbeatProcessed(heartbeat.getHeartbeatAt(), now);
        ClusterWatch current = watches.get(record.key());
        ClusterHealthMachine.Step step = machine.onHeartbeat(current, heartbeat, now);
        if (step.watch() == current) {
            LOG.debug("Heartbeat of {} at {} is older than the latest ({}): ignored", record.key(), heartbeat.getHeartbeatAt(),
                    current.getLastHeartbeatAt());
            return;
        }
        watches.put(record.key(), step.watch());
        viewIfChanged(current, step.watch(), now);
        if (step.transition() != null) {
            RecordMetadata source = context.recordMetadata().orElse(null);
            announce(step.transition(), now, source == null ? null : source.topic(),
                    source == null ? null : source.partition(), source == null ? null : source.offset());
        }
    }

    /** Every cluster of this task: the store holds one entry per cluster, so a full scan is cheap. */
    private void check(long now) {
        List<ClusterHealthMachine.Step> changed = new ArrayList<>();
        try (KeyValueIterator<String, ClusterWatch> all = watches.all()) {
            all.forEachRemaining(entry -> {
                ClusterHealthMachine.Step step = machine.onTick(entry.value, now, watchingSince);
                if (step.watch() != entry.value) {
                    changed.add(step);
                }
            });
        }
        for (ClusterHealthMachine.Step step : changed) {
            ClusterWatch before = watches.get(step.watch().getCluster());
            watches.put(step.watch().getCluster(), step.watch());
            viewIfChanged(before, step.watch(), now);
            if (step.transition() != null) {
                announce(step.transition(), now, null, null, null);
            }
        }
    }

    /** Placement cares about state, labels, taints and resources; a heartbeat that only proves liveness is not sent on. */
    private void viewIfChanged(ClusterWatch before, ClusterWatch after, long now) {
        if (before != null && before.getState() == after.getState() && sameCapacity(before.getHeartbeat(), after.getHeartbeat())) {
            return;
        }
        context.forward(new Record<String, HealthOutcome>(after.getCluster(), new HealthOutcome.View(after), now, new RecordHeaders()));
    }

    private static boolean sameCapacity(ClusterHealthEvent a, ClusterHealthEvent b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.getAllocatable().equals(b.getAllocatable()) && a.getAllocated().equals(b.getAllocated())
                && a.getLabels().equals(b.getLabels()) && a.getTaints().equals(b.getTaints());
    }

    private void announce(ClusterStateEvent transition, long now, String topic, Integer partition, Long offset) {
        LOG.info("Cluster {} is {} (was {}): {} {}", transition.getCluster(), transition.getState(), transition.getPreviousState(),
                transition.getReason(), transition.getMessage());
        context.forward(new Record<String, HealthOutcome>(transition.getCluster(), new HealthOutcome.Transition(transition), now, new RecordHeaders()));
        HealthOutcome.Audit audit = new HealthOutcome.Audit(HealthAudit.of(transition, topic, partition, offset));
        context.forward(new Record<String, HealthOutcome>(audit.event().getDecisionId(), audit, now, new RecordHeaders()));
    }

    private void deadLetter(Record<String, ClusterHealthEvent> record, long now, String reason, String field, String value) {
        RecordMetadata source = context.recordMetadata().orElse(null);
        DeadLetter letter = new DeadLetter(HealthAudit.STAGE, reason, field, value, source == null ? healthTopic : source.topic(),
                source == null ? -1 : source.partition(), source == null ? -1 : source.offset());
        LOG.warn("Heartbeat dead-lettered: {}", reason);
        byte[] original = record.value() == null ? null : heartbeatSerializer.serialize(healthTopic, record.value());
        context.forward(new Record<String, HealthOutcome>(record.key(), new HealthOutcome.DeadLettered(letter, original), now, letter.headers()));
    }
}
