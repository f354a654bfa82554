package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** `fedstream demo` end to end: embedded broker, topology, sample fleet, bindings table, quota scene, clean stop. */
class DemoIT {

    @Test
    void demoPrintsTheBindingsOfTheSampleFleetPlaysTheQuotaSceneAndStopsCleanly() {
        CliRunner result = CliRunner.run("demo", "--duration", "1s", "--http-port", "0");

        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.out())
                .contains("NAMESPACE/NAME", "TEMPLATE", "REPLICAS")
                .containsPattern("team-a/checkout-web\\s+Deployment\\s+INTERPRETED\\s+main\\s+3\\s+600m\\s+640Mi\\s+1800m\\s+1920Mi")
                .containsPattern("streaming/fraud-detector\\s+FlinkDeployment\\s+INTERPRETED\\s+jobmanager\\s+1\\s+1\\s+2Gi")
                .containsPattern("taskmanager\\s+4\\s+2\\s+4Gi\\s+8\\s+16Gi")
                .containsPattern("ml/homegrown-trainer\\s+MyTrainer\\s+UNINTERPRETED")
                .containsPattern("team-c/broken-replicas\\s+Deployment\\s+INVALID\\s+spec.replicas")
                .contains("dead letters")
                .containsPattern("apply  team-q/api .*-> ADMITTED, charged cpu=2,memory=2Gi,pods=2")
                .containsPattern("apply  team-q/batch .*-> REJECTED: exceeded quota team-q/compute: requested cpu=3, used cpu=2, limited cpu=4")
                .containsPattern("delete team-q/api; team-q/batch waited in the queue\\s+-> ADMITTED, charged cpu=3,memory=6Gi,pods=3")
                .containsPattern("Query API: fedstream get resourcebindings -n streaming --server http://127\\.0\\.0\\.1:\\d+")
                .contains("Stopped cleanly.");
    }
}
