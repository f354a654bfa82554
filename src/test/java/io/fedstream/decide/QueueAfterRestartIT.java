package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.TopicReader;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topics;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload that waits in its namespace's queue keeps waiting across a restart, and is admitted once its quota grows:
 * after a restart over the instance's own state directory, and after one over an empty directory (the state restored
 * from the changelogs). The harness of the stage tests restores in-memory stores after a task's start, which a real
 * broker does not; this checks the real order.
 */
@ExtendWith(KafkaClusterExtension.class)
class QueueAfterRestartIT {

    private static final Duration WAIT = AppInstance.WAIT;
    private static final Instant AT = Instant.parse("2026-12-07T12:00:00Z");
    private static final String NAMESPACE = "team-r";
    private static final String FIRST = "apps/Deployment/team-r/first";
    private static final String SECOND = "apps/Deployment/team-r/second";
    private static final String THIRD = "apps/Deployment/team-r/third";

    private static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir) {
        return AppInstance.config(kafka, names, stateDir, "queue-after-restart");
    }

    @Test
    void aQueuedWorkloadIsAdmittedWhenItsQuotaGrowsAfterARestart(SharedKafka kafka, KafkaTestNames names, @TempDir Path state,
                                                                   @TempDir Path emptyState) throws Exception {
        SchemaRegistry registry = new InProcessSchemaRegistry();
        AppInstance instance = AppInstance.start(config(kafka, names, state), registry);
        try (Bindings bindings = new Bindings(instance.fedstream());
                Producers producers = new Producers(instance.fedstream())) {
            producers.quota(4);
            producers.workload(FIRST, 3);
            bindings.awaitAdmission(FIRST, AdmissionState.ADMITTED);
            producers.workload(SECOND, 3);
            bindings.awaitAdmission(SECOND, AdmissionState.REJECTED);

            instance.close();
            instance = AppInstance.start(config(kafka, names, state), registry);
            producers.quota(8);
            bindings.awaitAdmission(SECOND, AdmissionState.ADMITTED);

            producers.workload(THIRD, 3);
            bindings.awaitAdmission(THIRD, AdmissionState.REJECTED);
            instance.close();
            instance = AppInstance.start(config(kafka, names, emptyState), registry);
            producers.quota(12);
            bindings.awaitAdmission(THIRD, AdmissionState.ADMITTED);
        } finally {
            instance.close();
        }
    }

    /** The quota and workload events of the test, written as `fedstream apply` writes them. */
    private static final class Producers implements AutoCloseable {

        private final Topics topics;
        private final KafkaProducer<String, PolicyEvent> policies;
        private final KafkaProducer<String, WorkloadEvent> workloads;

        Producers(Fedstream fedstream) {
            topics = fedstream.topics();
            Properties properties = fedstream.config().producerProperties();
            policies = new KafkaProducer<>(properties, new StringSerializer(), topics.policies().valueSerde().serializer());
            workloads = new KafkaProducer<>(properties, new StringSerializer(), topics.workloads().valueSerde().serializer());
        }

        void quota(int cpu) throws Exception {
            String manifest = """
                    {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                     "metadata":{"name":"compute","namespace":"%s"},"spec":{"overall":{"cpu":"%d"}}}""".formatted(NAMESPACE, cpu);
            policies.send(new ProducerRecord<>(topics.policies().name(), "FederatedResourceQuota/" + NAMESPACE + "/compute",
                    PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(AT).build())).get();
        }

        /** One replica of {@code cpu} cpus. */
        void workload(String key, int cpu) throws Exception {
            String manifest = """
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                     "spec":{"replicas":1,"template":{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"%d"}}}]}}}}"""
                    .formatted(key.substring(key.lastIndexOf('/') + 1), NAMESPACE, cpu);
            workloads.send(new ProducerRecord<>(topics.workloads().name(), NamespacePartitioner.partitionOf(key, partitions()), key,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(AT).build())).get();
        }

        private int partitions() {
            return workloads.partitionsFor(topics.workloads().name()).size();
        }

        @Override
        public void close() {
            policies.close();
            workloads.close();
        }
    }

    /** A read_committed reader of the bindings topic: the latest binding of each workload. */
    private static final class Bindings implements AutoCloseable {

        private final Map<String, ResourceBinding> latest = new HashMap<>();
        private final String topic;
        private final Deserializer<ResourceBinding> values;
        private final KafkaConsumer<String, byte[]> consumer;

        Bindings(Fedstream fedstream) {
            topic = fedstream.topics().bindings().name();
            values = fedstream.topics().bindings().valueSerde().deserializer();
            consumer = TopicReader.fromTheStart(fedstream.config(), List.of(topic), Map.of());
        }

        void awaitAdmission(String key, AdmissionState expected) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (state(key) != expected) {
                assertThat(System.nanoTime()).as("%s %s within %s; its latest binding: %s", key, expected, WAIT, latest.get(key))
                        .isLessThan(deadline);
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    latest.put(record.key(), record.value() == null ? null : values.deserialize(record.topic(), record.headers(), record.value()));
                }
            }
        }

        private AdmissionState state(String key) {
            ResourceBinding binding = latest.get(key);
            return binding == null ? null : binding.getAdmission().getState();
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
