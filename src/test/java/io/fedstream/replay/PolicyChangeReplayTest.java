package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a placed workload whose policy changes, is deleted, and is claimed by another (docs/placement.md). */
class PolicyChangeReplayTest {

    private static final String WEB = "apps/Deployment/shop/web";

    @TempDir Path stateDir;

    @Test
    void aChangedPlacementSchedulesAgainADeletedPolicyReleasesAndANewPolicyClaims() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-policy-change.jsonl"), stateDir);

        assertThat(ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> !l.at("/value/placement").isNull())
                .map(l -> l.at("/value/placement/clusters").toString() + " " + l.at("/value/placement/decidedBy").asText()).distinct())
                .containsExactly(
                        "[{\"name\":\"member1\",\"replicas\":6,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]},{\"name\":\"member3\",\"replicas\":2,\"components\":[]}] scheduler",
                        "[{\"name\":\"member1\",\"replicas\":8,\"components\":[]},{\"name\":\"member2\",\"replicas\":4,\"components\":[]}] scheduler",
                        "[{\"name\":\"member1\",\"replicas\":null,\"components\":[]}] scheduler");
        assertThat(ReplayRun.roomReserved(lines)).as("the first placement's room; the growths are in the POLICY_RESCHEDULED reasons")
                .containsExactly("reserved room on member1 (6 pods), member2 (4 pods), member3 (2 pods)");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> l.at("/value/decision").asText().startsWith("POLICY_"))
                .extracting(l -> l.at("/value/decision").asText() + ": " + l.at("/value/reason").asText()).containsExactly(
                        "POLICY_RESCHEDULED: PropagationPolicy shop/web changed (clusterAffinity): member3 2 -> 0 pods (its copy is purged),"
                                + " member1 6 -> 8 pods (2 reserved), member2 4 -> 4 pods",
                        "POLICY_RELEASED: PropagationPolicy shop/web no longer governs it (deleted, refused, or no longer selecting it) and no"
                                + " other policy does: its placement stays as it is",
                        "POLICY_RESCHEDULED: ClusterPropagationPolicy one-cluster claims it (no policy governed it); its placement differs"
                                + " (clusterAffinity, spreadConstraints, replicaScheduling): member2 4 -> 0 pods (its copy is purged),"
                                + " member1 8 -> 12 pods (4 reserved)");
        // A policy change is acted on in the processing of its record (10:00:05, 10:00:15), which names the purge.
        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                        + c.at("/value/sourceCluster").asText() + " " + c.at("/value/purgeMode").asText() + " " + c.at("/value/commandId").asText())
                .containsExactly("PURGE member3 Directly " + WEB + "/policy-1795946405000/removed/member3/purge",
                        "PURGE member2 Directly " + WEB + "/policy-1795946415000/removed/member2/purge");
        assertThat(ReplayRun.topic(lines, "fedstream.quota-status")).extracting(l -> l.at("/value/clusters").toString()).as("each placement (the quota's first status is written with the first placement's)").containsExactly(
                "[{\"cluster\":\"member1\",\"hard\":{},\"used\":{\"cpu\":\"6\"},\"overage\":{}},{\"cluster\":\"member2\",\"hard\":{},\"used\":{\"cpu\":\"4\"},\"overage\":{}},{\"cluster\":\"member3\",\"hard\":{},\"used\":{\"cpu\":\"2\"},\"overage\":{}}]",
                "[{\"cluster\":\"member1\",\"hard\":{},\"used\":{\"cpu\":\"8\"},\"overage\":{}},{\"cluster\":\"member2\",\"hard\":{},\"used\":{\"cpu\":\"4\"},\"overage\":{}}]",
                "[{\"cluster\":\"member1\",\"hard\":{},\"used\":{\"cpu\":\"12\"},\"overage\":{}}]");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }
}
