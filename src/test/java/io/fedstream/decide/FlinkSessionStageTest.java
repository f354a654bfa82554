package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A Flink session cluster and its jobs through the namespace pass (issue 41): the session cluster's binding carries the
 * interpreter's warnings, and a FlinkSessionJob is charged the TaskManagers it makes its native session cluster start,
 * found among the namespace's workloads.
 */
class FlinkSessionStageTest extends FleetStageTest {

    private static final String SESSION = "flink.apache.org/FlinkDeployment/flink/session";
    private static final String JOB = "flink.apache.org/FlinkSessionJob/flink/wordcount";

    private static String session(String mode) {
        return """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"session","namespace":"flink"},
                 "spec":{"image":"flink:1.20","flinkVersion":"v1_20",%s"flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
                  "jobManager":{"resource":{"memory":"2048m","cpu":1}},"taskManager":{"replicas":2,"resource":{"memory":"4096m","cpu":2}}}}"""
                .formatted(mode);
    }

    private static final String WORDCOUNT = """
            {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkSessionJob","metadata":{"name":"wordcount","namespace":"flink"},
             "spec":{"deploymentName":"session","job":{"jarURI":"https://repo.example.org/wordcount.jar","parallelism":4,"upgradeMode":"stateless"}}}""";

    @Test
    void aNativeSessionClustersBindingWarnsThatItsTaskManagerReplicasAreIgnored() {
        fleet = FleetDriver.threeClusters(stateDir);

        fleet.workload(SESSION, session("")).advance(Duration.ofSeconds(1));

        ResourceBinding binding = fleet.binding(SESSION);
        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(binding.getInterpretation().getWarnings()).extracting(InterpretationError::getField)
                .containsExactly("spec.taskManager.replicas");
        assertThat(binding.getInterpretation().getWarnings().get(0).getReason()).startsWith("is ignored by the Flink operator in native mode");
    }

    @Test
    void aSessionJobOfParallelismFourOnANativeSessionClusterOfTwoSlotsIsChargedTwoTaskManagerPods() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.workload(SESSION, session("")).advance(Duration.ofSeconds(1));

        fleet.workload(JOB, WORDCOUNT).advance(Duration.ofSeconds(1));

        ResourceBinding job = fleet.binding(JOB);
        assertThat(job.getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(job.getInterpretation().getWarnings()).isEmpty();
        assertThat(job.getComponents()).extracting(Component::getName, Component::getReplicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("taskmanager", 2L));
        assertThat(job.getTotal()).isEqualTo(Map.of("cpu", "4", "memory", "8Gi"));
    }

    @Test
    void aSessionJobOnAStandaloneSessionClusterIsChargedNothingMore() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.workload(SESSION, session("\"mode\":\"standalone\",")).advance(Duration.ofSeconds(1));

        fleet.workload(JOB, WORDCOUNT).advance(Duration.ofSeconds(1));

        assertThat(fleet.binding(JOB).getInterpretation().getState()).isEqualTo(InterpretationState.INTERPRETED);
        assertThat(fleet.binding(JOB).getComponents()).isEmpty();
    }
}
