package io.fedstream.executor;

import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.config.Topic;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes MigrationEvents in Kafka transactions, together with the offsets of the commands they answer: a report and
 * "this command is done" become visible at once or not at all. The transactional id is the executor's, so a restarted
 * executor fences its predecessor and aborts what that one left open.
 */
final class MigrationReports implements AutoCloseable {

    /** One event to report: its phase and, for FAILED or a note, the reason. */
    record Report(MigrationPhase phase, String reason) {}

    private final KafkaProducer<String, byte[]> producer;
    private final Topic<String, MigrationEvent> topic;
    private final String cluster;
    private final Clock clock;

    MigrationReports(Properties producerProperties, String transactionalId, Topic<String, MigrationEvent> topic, String cluster,
                     Clock clock) {
        Properties properties = new Properties();
        properties.putAll(producerProperties);
        properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, transactionalId);
        this.producer = new KafkaProducer<>(properties, new StringSerializer(), new ByteArraySerializer());
        this.producer.initTransactions();
        this.topic = topic;
        this.cluster = cluster;
        this.clock = clock;
    }

    /** Reports these events on the command and commits the consumed offsets (may be empty) in one transaction. */
    void commit(MigrationCommand command, List<Report> reports, Map<TopicPartition, OffsetAndMetadata> offsets,
                ConsumerGroupMetadata group) {
        commit(command.getCommandId(), command.getIncidentId(), command.getWorkloadKey(), reports, offsets, group);
    }

    /** As above, for a command known only by its ids (a graceful purge finished later). */
    void commit(String commandId, String incidentId, String workloadKey, List<Report> reports,
                Map<TopicPartition, OffsetAndMetadata> offsets, ConsumerGroupMetadata group) {
        producer.beginTransaction();
        try {
            for (Report report : reports) {
                MigrationEvent event = MigrationEvent.newBuilder()
                        .setCommandId(commandId).setIncidentId(incidentId).setWorkloadKey(workloadKey)
                        .setPhase(report.phase()).setCluster(cluster).setReason(report.reason())
                        .setReportedAt(clock.instant()).build();
                producer.send(new ProducerRecord<>(topic.name(), workloadKey, topic.valueSerde().serializer().serialize(topic.name(), event)));
            }
            if (!offsets.isEmpty()) {
                producer.sendOffsetsToTransaction(offsets, group);
            }
            producer.commitTransaction();
        } catch (RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    /** Commits consumed offsets of commands that needed no report (another cluster's), in a transaction of their own. */
    void commitOffsets(Map<TopicPartition, OffsetAndMetadata> offsets, ConsumerGroupMetadata group) {
        producer.beginTransaction();
        try {
            producer.sendOffsetsToTransaction(offsets, group);
            producer.commitTransaction();
        } catch (RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    private void abortQuietly(RuntimeException cause) {
        try {
            producer.abortTransaction();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
