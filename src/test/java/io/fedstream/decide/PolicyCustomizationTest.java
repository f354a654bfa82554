package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Customizations and Trainer runtimes arriving on the policies topic apply to the workload events after them. */
class PolicyCustomizationTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
    private static final String TRAINER_KEY = "example.com/MyTrainer/ml/t1";
    private static final String TRAINER = """
            {"apiVersion":"example.com/v1","kind":"MyTrainer","metadata":{"name":"t1","namespace":"ml"},
             "spec":{"coordinator":{"replicas":1,"template":{"spec":{"containers":[{"name":"c","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}},
                     "workers":{"count":3,"resources":{"requests":{"cpu":"2","memory":"4Gi"}}}}}
            """;
    private static final String CUSTOMIZATION = """
            apiVersion: fedstream.io/v1alpha1
            kind: InterpreterCustomization
            metadata: {name: my-trainer}
            spec:
              target: {apiVersion: example.com/v1, kind: MyTrainer}
              components:
              - name: coordinator
                replicas: {path: "$.spec.coordinator.replicas", default: 1}
                podTemplate: "$.spec.coordinator.template"
              - name: worker
                replicas: {path: "$.spec.workers.count", default: 0}
                resources: "$.spec.workers.resources"
            """;

    @TempDir Path stateDir;
    private TopologyTestDriver driver;
    private TestInputTopic<String, WorkloadEvent> workloads;
    private TestInputTopic<String, PolicyEvent> policies;
    private TestOutputTopic<String, ResourceBinding> bindings;

    @BeforeEach
    void startDriver() {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, NOW);
        var topics = fedstream.topics();
        workloads = driver.createInputTopic(topics.workloads().name(), Serdes.String().serializer(), topics.workloads().valueSerde().serializer());
        policies = driver.createInputTopic(topics.policies().name(), Serdes.String().serializer(), topics.policies().valueSerde().serializer());
        bindings = driver.createOutputTopic(topics.bindings().name(), Serdes.String().deserializer(), topics.bindings().valueSerde().deserializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void customizationAppliesToEventsAfterItAndItsDeletionUndoesIt() {
        workloads.pipeInput(TRAINER_KEY, upsert(TRAINER), NOW);
        policies.pipeInput("InterpreterCustomization//my-trainer", policy(Op.UPSERT, CUSTOMIZATION), NOW);
        workloads.pipeInput(TRAINER_KEY, upsert(TRAINER), NOW);
        policies.pipeInput("InterpreterCustomization//my-trainer", policy(Op.DELETE, null), NOW);
        workloads.pipeInput(TRAINER_KEY, upsert(TRAINER), NOW);

        var emitted = bindings.readValuesToList();
        // The admitted (interpreted) version is written again saying why it is not placed: no policy selects it.
        assertThat(emitted).extracting(b -> b.getInterpretation().getState() + (b.getUnplacedReason() == null ? "" : " unplaced"))
                .containsExactly("UNINTERPRETED", "INTERPRETED unplaced", "UNINTERPRETED unplaced");
        ResourceBinding customized = emitted.get(1);
        assertThat(customized.getInterpretation().getInterpreter()).isEqualTo("customization:my-trainer");
        assertThat(customized.getComponents()).extracting(Component::getName, Component::getReplicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("coordinator", 1L), org.assertj.core.groups.Tuple.tuple("worker", 3L));
        assertThat(customized.getTotal()).containsEntry("cpu", "7").containsEntry("memory", "13Gi");
    }

    @Test
    void customizationOverridesABuiltInKind() {
        String override = """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: deployments-as-one}
                spec:
                  target: {apiVersion: apps/v1, kind: Deployment}
                  components:
                  - name: web
                    replicas: {default: 1}
                    podTemplate: "$.spec.template"
                """;
        policies.pipeInput("InterpreterCustomization//deployments-as-one", policy(Op.UPSERT, override), NOW);
        workloads.pipeInput("apps/Deployment/team-a/web", upsert(BindStageTest.deployment("web", 5, "1", "1Gi")), NOW);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getInterpretation().getInterpreter()).isEqualTo("customization:deployments-as-one");
        assertThat(binding.getComponents()).singleElement().satisfies(c -> {
            assertThat(c.getName()).isEqualTo("web");
            assertThat(c.getReplicas()).isEqualTo(1);
        });
    }

    @Test
    void aKarmadaResourceInterpreterCustomizationOnThePoliciesTopicCountsTheReplicasByItsScript() {
        String doubled = """
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: doubled}
                spec:
                  target: {apiVersion: apps/v1, kind: Deployment}
                  customizations:
                    replicaResource:
                      luaScript: |
                        local kube = require("kube")
                        function GetReplicas(obj)
                          return obj.spec.replicas * 2, kube.accuratePodRequirements(obj.spec.template)
                        end
                """;
        policies.pipeInput("ResourceInterpreterCustomization//doubled", policy(Op.UPSERT, doubled), NOW);
        workloads.pipeInput("apps/Deployment/team-a/web", upsert(BindStageTest.deployment("web", 3, "1", "1Gi")), NOW);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getInterpretation().getInterpreter()).isEqualTo("lua:doubled");
        assertThat(binding.getComponents()).singleElement().satisfies(c -> assertThat(c.getReplicas()).isEqualTo(6));
        assertThat(binding.getTotal()).containsEntry("cpu", "6").containsEntry("memory", "6Gi");
    }

    @Test
    void refusedCustomizationIsNamedInTheBindingOfItsKind() {
        String broken = CUSTOMIZATION.replace("$.spec.workers.count", "$.spec..count");
        policies.pipeInput("InterpreterCustomization//my-trainer", policy(Op.UPSERT, broken), NOW);
        workloads.pipeInput(TRAINER_KEY, upsert(TRAINER), NOW);

        ResourceBinding binding = bindings.readValue();
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.UNINTERPRETED);
        assertThat(binding.getInterpretation().getErrors()).hasSize(2);
        assertThat(binding.getInterpretation().getErrors().get(1).getField()).isEqualTo("policy InterpreterCustomization//my-trainer");
        assertThat(binding.getInterpretation().getErrors().get(1).getReason())
                .contains("spec.components[1].replicas.path")
                .contains("$.spec..count");
    }

    @Test
    void trainingRuntimeOnThePoliciesTopicSizesATrainJob() {
        String trainJob = """
                {"apiVersion":"trainer.kubeflow.org/v1alpha1","kind":"TrainJob","metadata":{"name":"tj","namespace":"ml"},
                 "spec":{"runtimeRef":{"name":"torch-small"}}}
                """;
        String runtime = """
                apiVersion: trainer.kubeflow.org/v1alpha1
                kind: ClusterTrainingRuntime
                metadata: {name: torch-small}
                spec:
                  mlPolicy: {numNodes: 2}
                  template:
                    spec:
                      replicatedJobs:
                      - name: node
                        template:
                          spec:
                            template:
                              spec:
                                containers:
                                - name: node
                                  resources: {requests: {cpu: "4", memory: 8Gi}}
                """;
        workloads.pipeInput("trainer.kubeflow.org/TrainJob/ml/tj", upsert(trainJob), NOW);
        policies.pipeInput("ClusterTrainingRuntime//torch-small", policy(Op.UPSERT, runtime), NOW);
        workloads.pipeInput("trainer.kubeflow.org/TrainJob/ml/tj", upsert(trainJob), NOW);

        var emitted = bindings.readValuesToList();
        assertThat(emitted.get(0).getInterpretation().getState()).isEqualTo(InterpretationState.UNINTERPRETED);
        assertThat(emitted.get(1).getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(emitted.get(1).getTotal()).containsEntry("cpu", "8").containsEntry("memory", "16Gi");
    }

    private static WorkloadEvent upsert(String manifest) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(NOW).build();
    }

    private static PolicyEvent policy(Op op, String manifest) {
        return PolicyEvent.newBuilder().setOp(op).setManifest(manifest).setObservedAt(NOW).build();
    }
}
