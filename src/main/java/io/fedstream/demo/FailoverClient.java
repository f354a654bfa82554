package io.fedstream.demo;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * What the member clusters and the executor say to fedstream in the demo (heartbeats, workload status, state deltas,
 * migration events) and what fedstream answers about failover (cluster states, migration commands, bindings, and the
 * audit trail, which says why a workload stays).
 */
public final class FailoverClient implements AutoCloseable {

    /** One record fedstream wrote, in the order this client read it. */
    sealed interface Observed {
        record StateChanged(ClusterStateEvent event) implements Observed {}

        record CommandIssued(MigrationCommand command) implements Observed {}

        record BindingChanged(String key, ResourceBinding binding) implements Observed {}

        record Audited(AuditEvent event) implements Observed {}
    }

    private final Topics topics;
    private final KafkaProducer<String, ClusterHealthEvent> heartbeats;
    private final KafkaProducer<String, WorkloadStatusEvent> statuses;
    private final KafkaProducer<String, byte[]> deltas;
    private final KafkaProducer<String, MigrationEvent> events;
    private final KafkaConsumer<String, ClusterStateEvent> states;
    private final KafkaConsumer<String, MigrationCommand> commands;
    private final KafkaConsumer<String, ResourceBinding> bindings;
    private final KafkaConsumer<String, AuditEvent> audit;

    public FailoverClient(FedstreamConfig config, Topics topics) {
        this.topics = topics;
        this.heartbeats = new KafkaProducer<>(config.producerProperties(),
                topics.clusterHealth().keySerde().serializer(), topics.clusterHealth().valueSerde().serializer());
        this.statuses = new KafkaProducer<>(config.producerProperties(),
                topics.workloadStatus().keySerde().serializer(), topics.workloadStatus().valueSerde().serializer());
        this.deltas = new KafkaProducer<>(config.producerProperties(),
                topics.stateDeltas().keySerde().serializer(), topics.stateDeltas().valueSerde().serializer());
        this.events = new KafkaProducer<>(config.producerProperties(),
                topics.migrationEvents().keySerde().serializer(), topics.migrationEvents().valueSerde().serializer());
        this.states = new KafkaConsumer<>(readCommitted(config),
                topics.clusterState().keySerde().deserializer(), topics.clusterState().valueSerde().deserializer());
        this.commands = new KafkaConsumer<>(readCommitted(config),
                topics.migrations().keySerde().deserializer(), topics.migrations().valueSerde().deserializer());
        this.bindings = new KafkaConsumer<>(readCommitted(config),
                topics.bindings().keySerde().deserializer(), topics.bindings().valueSerde().deserializer());
        this.audit = new KafkaConsumer<>(readCommitted(config),
                topics.audit().keySerde().deserializer(), topics.audit().valueSerde().deserializer());
        states.subscribe(List.of(topics.clusterState().name()));
        commands.subscribe(List.of(topics.migrations().name()));
        bindings.subscribe(List.of(topics.bindings().name()));
        audit.subscribe(List.of(topics.audit().name()));
    }

    private static Properties readCommitted(FedstreamConfig config) {
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "fedstream-demo-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return properties;
    }

    /** Sends a heartbeat without waiting: the demo's clusters call this from their timer thread. */
    public void heartbeat(String cluster, ClusterHealthEvent event) {
        heartbeats.send(new ProducerRecord<>(topics.clusterHealth().name(), cluster, event));
    }

    void reportStatus(String workloadKey, WorkloadStatusEvent status) throws ExecutionException, InterruptedException {
        statuses.send(new ProducerRecord<>(topics.workloadStatus().name(), workloadKey, status)).get();
    }

    /** Writes one state delta and returns where it landed, which the workload's next checkpoint refers to. */
    RecordMetadata writeDelta(String workloadKey, byte[] delta) throws ExecutionException, InterruptedException {
        return deltas.send(new ProducerRecord<>(topics.stateDeltas().name(), workloadKey, delta)).get();
    }

    void reportMigration(MigrationEvent event) throws ExecutionException, InterruptedException {
        events.send(new ProducerRecord<>(topics.migrationEvents().name(), event.getWorkloadKey(), event)).get();
    }

    /** What fedstream wrote since the last call, waiting at most {@code atMost} for the first of it. */
    List<Observed> poll(Duration atMost) {
        List<Observed> out = new ArrayList<>();
        for (ConsumerRecord<String, ClusterStateEvent> record : states.poll(atMost.dividedBy(4))) {
            if (record.value() != null) {
                out.add(new Observed.StateChanged(record.value()));
            }
        }
        for (ConsumerRecord<String, MigrationCommand> record : commands.poll(atMost.dividedBy(4))) {
            if (record.value() != null) {
                out.add(new Observed.CommandIssued(record.value()));
            }
        }
        for (ConsumerRecord<String, ResourceBinding> record : bindings.poll(atMost.dividedBy(4))) {
            out.add(new Observed.BindingChanged(record.key(), record.value()));
        }
        for (ConsumerRecord<String, AuditEvent> record : audit.poll(atMost.dividedBy(4))) {
            if (record.value() != null) {
                out.add(new Observed.Audited(record.value()));
            }
        }
        return out;
    }

    @Override
    public void close() {
        heartbeats.close(Duration.ofSeconds(5));
        statuses.close(Duration.ofSeconds(5));
        deltas.close(Duration.ofSeconds(5));
        events.close(Duration.ofSeconds(5));
        states.close(Duration.ofSeconds(5));
        commands.close(Duration.ofSeconds(5));
        bindings.close(Duration.ofSeconds(5));
        audit.close(Duration.ofSeconds(5));
    }
}
