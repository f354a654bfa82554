package io.fedstream.health.stage;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.health.HeartbeatCheck;
import io.fedstream.interpret.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 5's entrance, one task per cluster-health partition: dead-letters a heartbeat that cannot be taken in (no key,
 * a tombstone, a key that is not its cluster, bad values) where its source offset is still known, and passes every
 * other one on to the watch; one with bad values passes on marked refused, so that the watch keeps the cluster's last
 * valid view and can name the refusal.
 */
final class HeartbeatGate implements Processor<String, ClusterHealthEvent, String, HealthOutcome> {

    /** Headers of a refused heartbeat on its way to the watch: the first bad field, its value, every problem. */
    static final String REFUSED_FIELD = "fedstream.refused.field";
    static final String REFUSED_VALUE = "fedstream.refused.value";
    static final String REFUSED_MESSAGE = "fedstream.refused.message";
    /** Where a heartbeat came from on the cluster-health topic, for the audit trail behind the repartition. */
    static final String SOURCE_PARTITION = "fedstream.source.partition";
    static final String SOURCE_OFFSET = "fedstream.source.offset";

    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatGate.class);

    private final HeartbeatCheck check;
    private final String healthTopic;
    private final Serializer<ClusterHealthEvent> heartbeatSerializer;
    private ProcessorContext<String, HealthOutcome> context;

    HeartbeatGate(HeartbeatCheck check, String healthTopic, Serializer<ClusterHealthEvent> heartbeatSerializer) {
        this.check = check;
        this.healthTopic = healthTopic;
        this.heartbeatSerializer = heartbeatSerializer;
    }

    @Override
    public void init(ProcessorContext<String, HealthOutcome> context) {
        this.context = context;
    }

    @Override
    public void process(Record<String, ClusterHealthEvent> record) {
        ClusterHealthEvent heartbeat = record.value();
        if (record.key() == null || heartbeat == null) {
            deadLetter(record, heartbeat == null
                    ? "a tombstone does not remove a cluster: heartbeats only report it (key " + record.key() + ")"
                    : "a heartbeat needs the cluster name as its key", "key", record.key());
            return;
        }
        if (!record.key().equals(heartbeat.getCluster())) {
            deadLetter(record, "key " + record.key() + " and cluster " + heartbeat.getCluster() + " differ", "cluster", heartbeat.getCluster());
            return;
        }
        Headers checked = new RecordHeaders();
        context.recordMetadata().ifPresent(source -> {
            add(checked, SOURCE_PARTITION, Integer.toString(source.partition()));
            add(checked, SOURCE_OFFSET, Long.toString(source.offset()));
        });
        List<FieldError> problems = check.problems(heartbeat, context.currentSystemTimeMs());
        if (!problems.isEmpty()) {
            FieldError first = problems.get(0);
            String message = problems.stream().map(FieldError::message).collect(Collectors.joining("; "));
            deadLetter(record, message, first.field(), first.value());
            add(checked, REFUSED_FIELD, first.field());
            add(checked, REFUSED_VALUE, first.value());
            add(checked, REFUSED_MESSAGE, message);
        }
        context.forward(record.withValue(new HealthOutcome.Checked(heartbeat)).withHeaders(checked));
    }

    /** The heartbeat's partition on the cluster-health topic, null when unknown. */
    static Integer sourcePartition(Headers headers) {
        String partition = text(headers.lastHeader(SOURCE_PARTITION));
        return partition == null ? null : Integer.valueOf(partition);
    }

    /** The heartbeat's offset on the cluster-health topic, null when unknown. */
    static Long sourceOffset(Headers headers) {
        String offset = text(headers.lastHeader(SOURCE_OFFSET));
        return offset == null ? null : Long.valueOf(offset);
    }

    /** The refusal a heartbeat carries, null when it was accepted. */
    static FieldError refusal(Headers headers) {
        String message = text(headers.lastHeader(REFUSED_MESSAGE));
        return message == null ? null : new FieldError(text(headers.lastHeader(REFUSED_FIELD)), text(headers.lastHeader(REFUSED_VALUE)), message);
    }

    private void deadLetter(Record<String, ClusterHealthEvent> record, String reason, String field, String value) {
        RecordMetadata source = context.recordMetadata().orElse(null);
        DeadLetter letter = new DeadLetter(HealthAudit.STAGE, reason, field, value, source == null ? healthTopic : source.topic(),
                source == null ? -1 : source.partition(), source == null ? -1 : source.offset());
        LOG.warn("Heartbeat of {} dead-lettered: {}", record.key(), reason);
        byte[] original = record.value() == null ? null : heartbeatSerializer.serialize(healthTopic, record.value());
        context.forward(record.withValue((HealthOutcome) new HealthOutcome.DeadLettered(letter, original)).withHeaders(letter.headers()));
    }

    private static void add(Headers headers, String name, String value) {
        if (value != null) {
            headers.add(name, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String text(Header header) {
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
