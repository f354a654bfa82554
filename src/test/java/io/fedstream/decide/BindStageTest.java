package io.fedstream.decide;

import io.fedstream.decide.AdmitStores;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.dlq.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bind stage on TopologyTestDriver: workload events in, bindings, tombstones and dead letters out. */
class BindStageTest {

    private static final Instant OBSERVED = Instant.parse("2026-11-29T10:00:00Z");
    private static final String WEB_KEY = "apps/Deployment/team-a/web";

    @TempDir Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, WorkloadEvent> workloads;
    private TestInputTopic<byte[], byte[]> rawWorkloads;
    private TestOutputTopic<String, ResourceBinding> bindings;
    private TestOutputTopic<byte[], byte[]> deadLetters;

    @BeforeEach
    void startDriver() {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, OBSERVED);
        var topics = fedstream.topics();
        workloads = driver.createInputTopic(topics.workloads().name(),
                Serdes.String().serializer(), topics.workloads().valueSerde().serializer());
        rawWorkloads = driver.createInputTopic(topics.workloads().name(),
                Serdes.ByteArray().serializer(), Serdes.ByteArray().serializer());
        bindings = driver.createOutputTopic(topics.bindings().name(),
                Serdes.String().deserializer(), topics.bindings().valueSerde().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(),
                Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void upsertBecomesABindingWithPerTemplateRequirements() {
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", 3, "500m", "512Mi")), OBSERVED);

        TestRecord<String, ResourceBinding> record = bindings.readRecord();
        ResourceBinding binding = record.value();
        assertThat(record.key()).isEqualTo(WEB_KEY);
        assertThat(record.headers().toArray()).isEmpty();
        assertThat(binding.getWorkloadKey()).isEqualTo(WEB_KEY);
        assertThat(binding.getApiVersion()).isEqualTo("apps/v1");
        assertThat(binding.getKind()).isEqualTo("Deployment");
        assertThat(binding.getNamespace()).isEqualTo("team-a");
        assertThat(binding.getName()).isEqualTo("web");
        assertThat(binding.getLabels()).containsExactlyEntriesOf(Map.of("app", "web"));
        assertThat(binding.getGeneration()).isEqualTo(1);
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(binding.getInterpretation().getErrors()).isEmpty();
        assertThat(binding.getComponents()).containsExactly(Component.newBuilder()
                .setName("main").setReplicas(3).setMinReplicas(null).setMaxReplicas(null)
                .setPerPod(Map.of("cpu", "500m", "memory", "512Mi"))
                .setTotal(Map.of("cpu", "1500m", "memory", "1536Mi"))
                .build());
        assertThat(binding.getTotal()).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "1500m", "memory", "1536Mi"));
        assertThat(binding.getAdmission().getState()).as("no quota in the namespace").isEqualTo(AdmissionState.ADMITTED);
        assertThat(binding.getPlacement()).isNull();
        assertThat(binding.getObservedAt()).isEqualTo(OBSERVED);
        assertThat(binding.getUpdatedAt()).isEqualTo(OBSERVED);
        assertThat(store().get(WEB_KEY)).as("the admit stage holds the binding as it last wrote it")
                .isEqualTo(bindings.readValuesToList().stream().reduce(binding, (earlier, later) -> later));
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void updateIncrementsGenerationAndKeepsTheGivenPlacement() {
        Placement placement = Placement.newBuilder()
                .setClusters(List.of(ClusterTarget.newBuilder().setName("eu-west-1").build()))
                .setScheduling(ReplicaScheduling.DUPLICATED)
                .build();
        WorkloadEvent first = upsert(deployment("web", 1, "1", "1Gi"));
        first.setPlacement(placement);
        workloads.pipeInput(WEB_KEY, first, OBSERVED);
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", 4, "1", "1Gi")), OBSERVED.plusSeconds(5));

        List<ResourceBinding> emitted = bindings.readValuesToList();
        assertThat(emitted).hasSize(2);
        ResourceBinding updated = emitted.get(1);
        assertThat(updated.getGeneration()).isEqualTo(2);
        assertThat(updated.getComponents().get(0).getReplicas()).isEqualTo(4);
        assertThat(updated.getTotal()).containsEntry("cpu", "4").containsEntry("memory", "4Gi");
        assertThat(updated.getPlacement()).isEqualTo(placement);
    }

    @Test
    void anInvalidManifestNamingAnotherNamespaceStaysInTheKeysNamespaceAndItsDeleteFindsIt() {
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", -1, "1", "1Gi").replace("\"namespace\":\"team-a\"", "\"namespace\":\"team-b\"")),
                OBSERVED);
        workloads.pipeInput(WEB_KEY, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(OBSERVED).build(), OBSERVED);

        List<KeyValue<String, ResourceBinding>> emitted = bindings.readKeyValuesToList();
        assertThat(emitted.get(0).value.getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);
        assertThat(emitted.get(0).value.getNamespace()).as("the key's namespace, not the manifest's").isEqualTo("team-a");
        assertThat(emitted).last().isEqualTo(KeyValue.pair(WEB_KEY, null));
        assertThat(store().get(WEB_KEY)).isNull();
    }

    @Test
    void deleteRemovesTheBindingAndEmitsATombstone() {
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(WEB_KEY, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(OBSERVED).build(), OBSERVED);

        List<KeyValue<String, ResourceBinding>> emitted = bindings.readKeyValuesToList();
        // The admitted version as decided, saying why it is not placed (no policy selects it), then the tombstone.
        assertThat(emitted).extracting(kv -> kv.value == null ? "tombstone"
                        : "generation " + kv.value.getGeneration() + (kv.value.getUnplacedReason() == null ? "" : ", unplaced"))
                .containsExactly("generation 1, unplaced", "tombstone");
        assertThat(emitted.get(1)).isEqualTo(KeyValue.pair(WEB_KEY, null));
        assertThat(store().get(WEB_KEY)).isNull();
    }

    @Test
    void tombstoneOnTheWorkloadsTopicIsADelete() {
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(WEB_KEY, null, OBSERVED);

        assertThat(bindings.readKeyValuesToList()).last().isEqualTo(KeyValue.pair(WEB_KEY, null));
        assertThat(store().get(WEB_KEY)).isNull();
    }

    @Test
    void invalidManifestBecomesAnInvalidBindingAndADeadLetterNamingFieldAndValue() {
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", -3, "1", "1Gi")), OBSERVED);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);
        assertThat(binding.getInterpretation().getErrors()).hasSize(1);
        assertThat(binding.getInterpretation().getErrors().get(0).getField()).isEqualTo("spec.replicas");
        assertThat(binding.getInterpretation().getErrors().get(0).getValue()).isEqualTo("-3");
        assertThat(binding.getComponents()).isEmpty();
        assertThat(binding.getTotal()).isEmpty();
        assertThat(binding.getAdmission().getState()).isEqualTo(AdmissionState.NOT_APPLICABLE);

        TestRecord<byte[], byte[]> letter = deadLetters.readRecord();
        assertThat(new String(letter.key(), StandardCharsets.UTF_8)).isEqualTo(WEB_KEY);
        assertThat(header(letter.headers(), DeadLetter.STAGE)).isEqualTo("interpret");
        assertThat(header(letter.headers(), DeadLetter.FIELD)).isEqualTo("spec.replicas");
        assertThat(header(letter.headers(), DeadLetter.VALUE)).isEqualTo("-3");
        assertThat(header(letter.headers(), DeadLetter.REASON)).startsWith("spec.replicas: ").contains("-3");
        assertThat(header(letter.headers(), DeadLetter.TOPIC)).isEqualTo("fedstream.workloads");
        assertThat(header(letter.headers(), DeadLetter.PARTITION)).isEqualTo("0");
        assertThat(header(letter.headers(), DeadLetter.OFFSET)).isEqualTo("0");
        assertThat(letter.value()[0]).as("the original value, in the wire format").isEqualTo((byte) 0);
    }

    @Test
    void keyThatDoesNotMatchTheManifestIsInvalid() {
        workloads.pipeInput("apps/Deployment/team-a/other", upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getWorkloadKey()).isEqualTo("apps/Deployment/team-a/other");
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);
        assertThat(binding.getInterpretation().getErrors().get(0).getField()).isEqualTo("key");
        assertThat(binding.getInterpretation().getErrors().get(0).getReason())
                .isEqualTo("does not match the manifest's workload key " + WEB_KEY);
        assertThat(header(deadLetters.readRecord().headers(), DeadLetter.FIELD)).isEqualTo("key");
    }

    @Test
    void upsertWithoutManifestIsInvalid() {
        workloads.pipeInput(WEB_KEY, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(OBSERVED).build(), OBSERVED);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getName()).isEqualTo("web");
        assertThat(binding.getInterpretation().getErrors().get(0).getField()).isEqualTo("manifest");
        assertThat(header(deadLetters.readRecord().headers(), DeadLetter.FIELD)).isEqualTo("manifest");
    }

    @Test
    void unknownKindIsUninterpretedNotZeroAndNotADeadLetter() {
        String key = "example.com/MyTrainer/ml/t1";
        workloads.pipeInput(key, upsert("{\"apiVersion\":\"example.com/v1\",\"kind\":\"MyTrainer\",\"metadata\":{\"name\":\"t1\",\"namespace\":\"ml\"}}"), OBSERVED);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.UNINTERPRETED);
        assertThat(binding.getInterpretation().getErrors()).singleElement()
                .satisfies(e -> assertThat(e.getReason()).contains("example.com/v1/MyTrainer"));
        assertThat(binding.getTotal()).isEmpty();
        assertThat(binding.getAdmission().getReason()).startsWith("uninterpreted");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void whatKarmadaNeverPropagatesMakesNoBindingButADeadLetterSayingWhy() {
        String hpa = "autoscaling.karmada.io/FederatedHPA/shop/nginx";
        String node = "core/Node/default/worker-1";
        workloads.pipeInput(hpa, upsert("{\"apiVersion\":\"autoscaling.karmada.io/v1alpha1\",\"kind\":\"FederatedHPA\","
                + "\"metadata\":{\"name\":\"nginx\",\"namespace\":\"shop\"}}"), OBSERVED);
        workloads.pipeInput(node, upsert("{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"worker-1\"}}"), OBSERVED);
        String policy = "policy.karmada.io/PropagationPolicy/shop/nginx";
        workloads.pipeInput(policy, upsert("{\"apiVersion\":\"policy.karmada.io/v1alpha1\",\"kind\":\"PropagationPolicy\","
                + "\"metadata\":{\"name\":\"nginx\",\"namespace\":\"shop\"}}"), OBSERVED);

        assertThat(bindings.isEmpty()).as("Karmada makes no binding of either").isTrue();
        assertThat(store().get(hpa)).isNull();
        List<TestRecord<byte[], byte[]>> letters = deadLetters.readRecordsToList();
        assertThat(letters).extracting(letter -> new String(letter.key(), StandardCharsets.UTF_8)).containsExactly(hpa, node, policy);
        assertThat(letters).extracting(letter -> header(letter.headers(), DeadLetter.FIELD)).containsOnly("kind");
        assertThat(letters).extracting(letter -> header(letter.headers(), DeadLetter.VALUE)).containsExactly("FederatedHPA", "Node", "PropagationPolicy");
        assertThat(header(letters.get(0).headers(), DeadLetter.REASON)).contains("is a Karmada API object, which Karmada never propagates");
        assertThat(header(letters.get(1).headers(), DeadLetter.REASON)).startsWith("kind: Node is not propagated: ");
        assertThat(header(letters.get(2).headers(), DeadLetter.REASON)).isEqualTo("kind: PropagationPolicy (policy.karmada.io/v1alpha1)"
                + " is not a workload: fedstream reads it from fedstream.policies, where fedstream apply publishes it (docs/karmada.md,"
                + " difference 13) (value: PropagationPolicy)");
    }

    @Test
    void recordNotInTheWireFormatDoesNotStopProcessing() {
        // TopologyTestDriver drops the handler's dead letters; DeadLetterHandlersTest and FedstreamIT cover them.
        rawWorkloads.pipeInput(WEB_KEY.getBytes(StandardCharsets.UTF_8), "{not avro}".getBytes(StandardCharsets.UTF_8), OBSERVED);
        workloads.pipeInput(WEB_KEY, upsert(deployment("web", 2, "1", "1Gi")), OBSERVED);

        // Written once, as decided: admitted, and why it is not placed (no policy selects it).
        assertThat(bindings.readValuesToList()).singleElement()
                .satisfies(b -> assertThat(b.getComponents().get(0).getReplicas()).isEqualTo(2))
                .satisfies(b -> assertThat(b.getUnplacedReason()).isEqualTo("no PropagationPolicy or ClusterPropagationPolicy matches"));
    }

    @Test
    void eventWithoutKeyIsADeadLetter() {
        workloads.pipeInput(null, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);

        assertThat(bindings.isEmpty()).isTrue();
        TestRecord<byte[], byte[]> letter = deadLetters.readRecord();
        assertThat(letter.key()).isNull();
        assertThat(header(letter.headers(), DeadLetter.FIELD)).isEqualTo("key");
    }

    /** The bindings the namespace task keeps, each in its workload's record. */
    private Map<String, ResourceBinding> store() {
        KeyValueStore<String, io.fedstream.avro.WorkloadRecord> workloads = driver.getKeyValueStore(Workloads.STORE);
        Map<String, ResourceBinding> bindings = new java.util.HashMap<>();
        try (var all = workloads.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.getBinding() != null) {
                    bindings.put(Workloads.workloadKey(entry.key), entry.value.getBinding());
                }
            });
        }
        return bindings;
    }

    private static String header(Headers headers, String name) {
        Header header = headers.lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    static WorkloadEvent upsert(String manifest) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(OBSERVED).build();
    }

    static String deployment(String name, int replicas, String cpu, String memory) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment",
                 "metadata":{"name":"%s","namespace":"team-a","labels":{"app":"%s"}},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","image":"example/app:1","resources":{"requests":{"cpu":"%s","memory":"%s"}}}]}}}}
                """.formatted(name, name, replicas, cpu, memory);
    }
}
