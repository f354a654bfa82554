package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a Divided workload of several components asked for other replica counts (docs/placement.md), checked line by line. */
class RescaleComponentsReplayTest {

    private static final String JOB = "kubeflow.org/PyTorchJob/ml/train";

    @TempDir Path stateDir;

    @Test
    void eachComponentIsScaledFromItsSharesAndAnUnschedulableReScaleIsRetriedWhenRoomComes() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-rescale-components.jsonl"), stateDir);

        assertThat(placements(lines)).containsExactly(
                "member1 6 [master=1, worker=5]; member2 3 [worker=3]; member3 1 [worker=1] scheduler",
                "member1 21 [master=1, worker=20]; member2 15 [worker=15]; member3 8 [worker=8]; member4 17 [worker=17] scheduler",
                "member1 4 [master=1, worker=3]; member4 2 [worker=2]; member2 1 [worker=1] scheduler");
        assertThat(ReplayRun.placedShares(lines, JOB)).as("the first placement's room per component; the new workers' is in the"
                + " REPLICAS_RESCALED reason").isEqualTo(ReplayRun.JSON.readTree("""
                {"member1":{"master":1,"worker":5},"member2":{"worker":3},"member3":{"worker":1}}"""));
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .filteredOn(d -> d.startsWith("RESCALE") || d.startsWith("REPLICAS") || d.equals("CLUSTER_READY"))
                .as("retried by the punctuator after member4 joined, with no change of the workload")
                .containsExactly("CLUSTER_READY", "CLUSTER_READY", "CLUSTER_READY", "RESCALE_UNSCHEDULABLE", "CLUSTER_READY",
                        "REPLICAS_RESCALED", "REPLICAS_RESCALED");
        assertThat(reasons(lines, "RESCALE_UNSCHEDULABLE")).containsExactly("the placement stays as it was: no set of clusters can take the"
                + " workload: the clusters' free room holds 47 more replicas, not the 51 missing (member1=21, member2=16, member3=10)");
        assertThat(reasons(lines, "REPLICAS_RESCALED")).containsExactly(
                "master 1 -> 1, worker 9 -> 60 replicas (scaled up): member1 master 1 -> 1, worker 5 -> 20 pods (worker 15 reserved),"
                        + " member2 worker 3 -> 15 pods (worker 12 reserved), member3 worker 1 -> 8 pods (worker 7 reserved),"
                        + " member4 worker 0 -> 17 pods (worker 17 reserved)",
                "master 1 -> 1, worker 60 -> 6 replicas (scaled down in proportion to what each cluster runs): member3 worker 8 -> 0 pods"
                        + " (its copy is purged), member1 master 1 -> 1, worker 20 -> 3 pods, member4 worker 17 -> 2 pods, member2 worker 15 -> 1 pods");
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                + c.at("/value/sourceCluster").asText() + " " + c.at("/value/purgeMode").asText() + " " + c.at("/value/commandId").asText())
                .containsExactly("PURGE member3 Directly " + JOB + "/rescale-g3/removed/member3/purge");
        JsonNode lastStatus = ReplayRun.topic(lines, "fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .as("the master's 2 cpu and 3 workers on member1").containsExactly("member1=5", "member2=1", "member4=2");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    private static List<String> reasons(List<JsonNode> lines, String decision) {
        return ReplayRun.topic(lines, "fedstream.audit").stream().filter(l -> decision.equals(l.at("/value/decision").asText()))
                .map(l -> l.at("/value/reason").asText()).toList();
    }

    /** Each placement the bindings show as {@code cluster replicas [component=pods, ...]; ...} and who decided it, once per change. */
    private static List<String> placements(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> {
                    List<String> clusters = new ArrayList<>();
                    l.at("/value/placement/clusters").forEach(c -> clusters.add(c.get("name").asText() + " " + c.get("replicas").asText() + " "
                            + components(c.get("components"))));
                    return String.join("; ", clusters) + " " + l.at("/value/placement/decidedBy").asText();
                }).distinct().toList();
    }

    private static String components(JsonNode components) {
        List<String> out = new ArrayList<>();
        components.forEach(c -> out.add(c.get("name").asText() + "=" + c.get("replicas").asText()));
        return out.toString();
    }
}
