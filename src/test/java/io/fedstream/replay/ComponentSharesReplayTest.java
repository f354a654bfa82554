package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a Divided workload of several components (docs/placement.md, "Each component's share"), checked line by line. */
class ComponentSharesReplayTest {

    private static final String JOB = "kubeflow.org/PyTorchJob/ml/train";

    @TempDir Path stateDir;

    @Test
    void eachComponentsShareIsListedChargedExactlyAndReDividedAfterItsClusterFailed() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-share-components.jsonl"), stateDir);

        assertThat(placements(lines)).containsExactly(
                "member1 2 [master=1, worker=1]; member2 1 [worker=1]; member3 1 [worker=1] scheduler",
                "member2 3 [master=1, worker=2]; member3 1 [worker=1] failover");
        assertThat(usedPerCluster(lines))
                .as("the quota as it is applied; each cluster charged what its pods request; nothing on member1 once its share left")
                .containsExactly("member1=0 member2=0 member3=0", "member1=5 member2=1 member3=1", "member1=0 member2=6 member3=1");
        assertThat(ReplayRun.placedShares(lines, JOB)).as("each share's room per component").isEqualTo(ReplayRun.JSON.readTree("""
                {"member1":{"master":1,"worker":1},"member2":{"worker":1},"member3":{"worker":1}}"""));
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> "SHARES_REDIVIDED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText()).as("member2's growth: the master and a worker").containsExactly(
                        "the share on member1 (2 pods) leaves the placement and the re-schedule divides anew: member2 1 -> 3 pods (2 reserved),"
                                + " member3 1 -> 1 pods; its copy is purged once the workload is healthy where it runs now, or gracePeriodSeconds 600 after");
        assertThat(failoverDecisions(lines)).containsExactly("SHARES_REDIVIDED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .contains("PLACED").doesNotContain("MIGRATION_HELD");
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                + c.at("/value/sourceCluster").asText()).containsExactly("PURGE member1");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    /** Each placement the job's bindings show: every cluster as {@code name replicas [component=pods]}, and who decided it. */
    private static List<String> placements(List<JsonNode> lines) {
        List<String> out = new ArrayList<>();
        for (JsonNode line : ReplayRun.topic(lines, "fedstream.bindings")) {
            JsonNode placement = line.at("/value/placement");
            if (!line.get("key").asText().equals(JOB) || placement.isNull() || placement.isMissingNode()) {
                continue;
            }
            List<String> clusters = new ArrayList<>();
            placement.get("clusters").forEach(c -> clusters.add(c.get("name").asText() + " " + c.get("replicas").asLong() + " "
                    + components(c.get("components"))));
            String described = String.join("; ", clusters) + " " + placement.get("decidedBy").asText();
            if (out.isEmpty() || !out.get(out.size() - 1).equals(described)) {
                out.add(described);
            }
        }
        return out;
    }

    private static String components(JsonNode components) {
        List<String> out = new ArrayList<>();
        components.forEach(c -> out.add(c.get("name").asText() + "=" + c.get("replicas").asLong()));
        return out.stream().sorted().toList().toString();
    }

    /** The cpu used on each cluster by every quota status, in order. */
    private static List<String> usedPerCluster(List<JsonNode> lines) {
        List<String> out = new ArrayList<>();
        for (JsonNode status : ReplayRun.topic(lines, "fedstream.quota-status")) {
            List<String> clusters = new ArrayList<>();
            status.at("/value/clusters").forEach(c -> {
                if (!c.at("/used/cpu").isMissingNode()) {
                    clusters.add(c.get("cluster").asText() + "=" + c.at("/used/cpu").asText());
                }
            });
            out.add(String.join(" ", clusters));
        }
        return out;
    }

    private static List<String> failoverDecisions(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.audit").stream().filter(l -> "failover".equals(l.at("/value/stage").asText()))
                .map(l -> l.at("/value/decision").asText()).toList();
    }
}
