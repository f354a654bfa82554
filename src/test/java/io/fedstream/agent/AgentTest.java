package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fedstream.TestFedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.Topics;
import io.fedstream.executor.ObjectMarks;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The agent on a mock API server: what it publishes for user objects, and what it keeps to itself for the federation's copies. */
class AgentTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String KEY = "flink.apache.org/FlinkDeployment/payments/fraud";
    private static final String FLINK = """
            {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment",
             "metadata":{"name":"%s","namespace":"payments"%s},
             "spec":{"job":{"jarURI":"local:///opt/job.jar","parallelism":2}},
             "status":{"jobStatus":{"state":"RUNNING"}}}""";

    private final Topics topics = TestFedstream.create().topics();
    private final MockCluster cluster = new MockCluster();
    private final MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final Agent agent = new Agent(cluster.client(), topics, producer, null,
            new AgentSettings("dc-1", Duration.ofMillis(200), Duration.ZERO, Map.of(), List.of()),
            Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC));

    @AfterEach
    void close() {
        agent.close();
        cluster.close();
    }

    @Test
    void publishesAUsersWorkloadOnceItsStatusOnEveryChangeAndItsDeletion() throws Exception {
        cluster.addNode("n1", Map.of("cpu", "8", "memory", "32Gi", "pods", "110"));
        agent.start();
        await(() -> agent.watchedKinds().contains("flink.apache.org/v1beta1/FlinkDeployment"));
        GenericKubernetesResource created = cluster.create(MockCluster.FLINK, FLINK.formatted("fraud", ""));

        WorkloadEvent upsert = awaitWorkloadEvent(event -> event.getOp() == Op.UPSERT);
        assertThat(upsert.getManifest()).isEqualTo("{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\","
                + "\"metadata\":{\"name\":\"fraud\",\"namespace\":\"payments\"},"
                + "\"spec\":{\"job\":{\"jarURI\":\"local:///opt/job.jar\",\"parallelism\":2}}}");
        assertThat(upsert.getSource()).isEqualTo("agent/dc-1");
        assertThat(awaitStatus(status -> status.getPhase().equals("RUNNING")).getCluster()).isEqualTo("dc-1");

        // Only the status changes: a new status event, no new workload event.
        created.getAdditionalProperties().put("status", Map.of("jobStatus", Map.of("state", "FAILING")));
        cluster.client().genericKubernetesResources(MockCluster.FLINK).inNamespace("payments").resource(created).update();
        awaitStatus(status -> status.getPhase().equals("FAILING"));
        assertThat(workloadEvents()).hasSize(1);

        ClusterHealthEvent beat = await(() -> values(topics.clusterHealth().name(), ClusterHealthEvent.class).stream()
                .filter(event -> event.getAllocatable().equals(Map.of("cpu", "8", "memory", "32Gi", "pods", "110")))
                .findFirst().orElse(null));
        assertThat(beat.getCluster()).isEqualTo("dc-1");

        cluster.client().genericKubernetesResources(MockCluster.FLINK).inNamespace("payments").withName("fraud").delete();
        assertThat(awaitWorkloadEvent(event -> event.getOp() == Op.DELETE).getManifest()).contains("\"name\":\"fraud\"");
    }

    @Test
    void theFederationsCopiesAreNeitherPublishedNorDeletedButReportTheirStatus() throws Exception {
        agent.start();
        await(() -> agent.watchedKinds().contains("flink.apache.org/v1beta1/FlinkDeployment"));
        cluster.create(MockCluster.FLINK, FLINK.formatted("fraud",
                ",\"annotations\":{\"" + ObjectMarks.MIGRATION_COMMAND + "\":\"" + KEY + "/inc-1/1\"}"));
        cluster.create(MockCluster.FLINK, FLINK.formatted("purged",
                ",\"annotations\":{\"" + ObjectMarks.PURGE_COMMAND + "\":\"x/purge\"}"));

        awaitStatus(status -> true);
        cluster.client().genericKubernetesResources(MockCluster.FLINK).inNamespace("payments").withName("purged").delete();
        // A user's object created afterwards proves the informer delivered everything before it.
        cluster.create(MockCluster.FLINK, FLINK.formatted("marker", ""));
        awaitWorkloadEvent(event -> event.getManifest().contains("\"marker\""));

        assertThat(producer.history()).filteredOn(record -> record.topic().equals(topics.workloads().name()))
                .extracting(ProducerRecord::key).containsExactly("flink.apache.org/FlinkDeployment/payments/marker");
        assertThat(producer.history()).filteredOn(record -> record.topic().equals(topics.workloadStatus().name()))
                .extracting(ProducerRecord::key).contains(KEY);
    }

    private WorkloadEvent awaitWorkloadEvent(Predicate<WorkloadEvent> matching) throws InterruptedException {
        return await(() -> workloadEvents().stream().filter(matching).findFirst().orElse(null));
    }

    private WorkloadStatusEvent awaitStatus(Predicate<WorkloadStatusEvent> matching) throws InterruptedException {
        return await(() -> values(topics.workloadStatus().name(), WorkloadStatusEvent.class).stream().filter(matching).reduce((a, b) -> b)
                .orElse(null));
    }

    private List<WorkloadEvent> workloadEvents() {
        return values(topics.workloads().name(), WorkloadEvent.class);
    }

    @SuppressWarnings("unchecked")
    private <V> List<V> values(String topic, Class<V> type) {
        var deserializer = topics.all().stream().filter(t -> t.name().equals(topic)).findFirst().orElseThrow().valueSerde().deserializer();
        return producer.history().stream().filter(record -> record.topic().equals(topic))
                .map(record -> (V) deserializer.deserialize(topic, record.value())).toList();
    }

    private static <T> T await(java.util.function.Supplier<T> found) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        T value;
        while ((value = found.get()) == null || Boolean.FALSE.equals(value)) {
            assertThat(System.nanoTime()).as("condition met within %s", WAIT).isLessThan(deadline);
            Thread.sleep(50);
        }
        return value;
    }
}
