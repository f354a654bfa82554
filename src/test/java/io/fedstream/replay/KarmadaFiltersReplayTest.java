package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/examples/replay-beyond-room.jsonl, replay-beyond-room-reschedule.jsonl, replay-beyond-room-failover.jsonl and
 * replay-api-enablement.jsonl: room is no filter for Duplicated or statically weighted replicas (one active cluster, a
 * policy re-schedule and a workload moved whole on failover too), and a cluster that does not serve the kind is skipped,
 * as Karmada v1.15's scheduler does (issue 41).
 */
class KarmadaFiltersReplayTest {

    @TempDir Path stateDir;

    /** The placement of the workload's last binding that has one. */
    private static JsonNode lastPlacement(ReplayScript script, String workloadKey) {
        return script.topic("fedstream.bindings").stream().filter(l -> workloadKey.equals(l.at("/key").asText()))
                .map(l -> l.at("/value/placement")).filter(p -> !p.isNull() && !p.isMissingNode())
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(workloadKey + " was never placed"));
    }

    private static List<String> clusters(JsonNode placement) {
        List<String> out = new java.util.ArrayList<>();
        placement.get("clusters").forEach(c -> out.add(c.get("name").asText() + (c.get("replicas").isNull() ? "" : "=" + c.get("replicas").asLong())));
        return out;
    }

    @Test
    void everySelectedClusterGetsItsCopyOrWeightedShareWhateverItsRoomAndTheBindingSaysWhichExceedIt() throws IOException {
        ReplayScript script = ReplayScript.run("replay-beyond-room.jsonl", stateDir);

        JsonNode web = lastPlacement(script, "apps/Deployment/shop/web");
        assertThat(clusters(web)).containsExactly("member1", "member2", "member3");
        assertThat(web.get("roomNotes")).isEqualTo(ReplayScript.JSON.readTree("""
                [{"cluster":"member3","message":"cluster member3's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)"}]"""));
        JsonNode api = lastPlacement(script, "apps/Deployment/shop/api");
        assertThat(clusters(api)).containsExactly("member1=9", "member2=6", "member3=3");
        assertThat(api.get("roomNotes")).extracting(n -> n.get("cluster").asText()).containsExactly("member3");
        JsonNode batch = lastPlacement(script, "apps/Deployment/shop/batch");
        assertThat(clusters(batch)).as("the first affinity group, as Karmada stays in it").containsExactly("member3");
        assertThat(batch.get("roomNotes")).extracting(n -> n.get("cluster").asText()).containsExactly("member3");
        assertThat(script.topic("fedstream.audit")).filteredOn(l -> "PLACED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText()).first().asString()
                .isEqualTo("reserved room on member1 (3 pods), member2 (3 pods); placed beyond the room reported, as Karmada places it:"
                        + " cluster member3's share {main=3} exceeds its reported room: cpu short by 1 (needs 3, free 2)");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }

    @Test
    void aPolicyRescheduleAndOneActiveClusterArePlacedBeyondTheRoomAsKarmadaPlacesThem() throws IOException {
        ReplayScript script = ReplayScript.run("replay-beyond-room-reschedule.jsonl", stateDir);

        JsonNode api = lastPlacement(script, "apps/Deployment/shop/api");
        assertThat(clusters(api)).as("18 by 2:1 once member1 is left out").containsExactly("member2=12", "member3=6");
        assertThat(api.get("roomNotes")).isEqualTo(ReplayScript.JSON.readTree("""
                [{"cluster":"member3","message":"cluster member3's share {main=6} exceeds its reported room: cpu short by 3 (needs 3, free 0)"}]"""));
        JsonNode solo = lastPlacement(script, "apps/Deployment/shop/solo");
        assertThat(clusters(solo)).containsExactly("member1");
        assertThat(solo.get("roomNotes")).isEqualTo(ReplayScript.JSON.readTree("""
                [{"cluster":"member1","message":"cluster member1's share {main=80} exceeds its reported room: cpu short by 16 (needs 80, free 64)"}]"""));
        assertThat(script.topic("fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .contains("POLICY_RESCHEDULED").doesNotContain("POLICY_UNSCHEDULABLE", "UNPLACEABLE");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }

    @Test
    void aWorkloadMovedWholeGoesToTheBestSurvivorWhateverItsRoomWithOneCommandAndTheNoteInTheBinding() throws IOException {
        ReplayScript script = ReplayScript.run("replay-beyond-room-failover.jsonl", stateDir);

        String note = "cluster member2's share {main=8} exceeds its reported room: cpu short by 4 (needs 8, free 4)";
        assertThat(script.topic("fedstream.migrations")).as("one command per workload, each to member2 with no room held")
                .extracting(l -> l.at("/value/action").asText() + " " + l.at("/key").asText() + " " + l.at("/value/sourceCluster").asText()
                        + "->" + l.at("/value/targetCluster").asText() + ": " + l.at("/value/targetRoomNote").asText())
                .containsExactlyInAnyOrder("MIGRATE apps/Deployment/shop/solo member1->member2: " + note,
                        "MIGRATE apps/Deployment/shop/pair member1->member2: " + note);
        JsonNode solo = lastPlacement(script, "apps/Deployment/shop/solo");
        assertThat(clusters(solo)).containsExactly("member2");
        assertThat(solo.get("decidedBy").asText()).isEqualTo("failover");
        assertThat(solo.get("roomNotes")).isEqualTo(ReplayScript.JSON.readTree("""
                [{"cluster":"member2","message":"%s"}]""".formatted(note)));
        JsonNode pair = lastPlacement(script, "apps/Deployment/shop/pair");
        assertThat(clusters(pair)).as("member1's copy moved to member2; member3's runs on").containsExactly("member2", "member3");
        assertThat(pair.get("roomNotes")).extracting(n -> n.get("cluster").asText()).containsExactly("member2");
        assertThat(script.topic("fedstream.audit")).filteredOn(l -> "MIGRATION_ISSUED".equals(l.at("/value/decision").asText()))
                .extracting(l -> l.at("/value/reason").asText())
                .containsOnly("GRACEFUL_SHUTDOWN from member1 to member2; moved beyond the room reported, as Karmada's re-schedule places it,"
                        + " with no room held: " + note).hasSize(2);
        assertThat(script.topic("fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .doesNotContain("MIGRATION_NO_TARGET", "RESERVATION_REFUSED");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }

    @Test
    void aClusterThatDoesNotServeDeploymentsGetsNoCopy() throws IOException {
        ReplayScript script = ReplayScript.run("replay-api-enablement.jsonl", stateDir);

        JsonNode web = lastPlacement(script, "apps/Deployment/shop/web");
        assertThat(clusters(web)).containsExactly("member2", "member3");
        assertThat(web.get("roomNotes")).isEmpty();
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }
}
