package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replays scripts through the whole topology and checks every output line. */
class ReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FLINK_KEY = "flink.apache.org/FlinkDeployment/streaming/fraud-detector";

    @TempDir Path stateDir;

    @Test
    void readmeExampleProducesBindingsScaleUpDeadLetterAndTombstone() throws IOException {
        List<JsonNode> all = replay(Files.readString(Path.of("docs/examples/replay-workloads.jsonl")));
        // No cluster reports in this script, so the place stage audits each admitted generation as unplaceable.
        assertThat(all).filteredOn(l -> l.get("key").asText().startsWith("place-"))
                .extracting(l -> l.get("key").asText() + " " + l.at("/value/decision").asText())
                .containsExactly(
                        "place-" + FLINK_KEY + "/g1/unplaceable UNPLACEABLE",
                        "place-" + FLINK_KEY + "/g2/unplaceable UNPLACEABLE");
        assertThat(ReplayRun.topic(all, "fedstream.recommendations")).as("right-sizing writes nothing for a workload with no usage reported")
                .isEmpty();
        List<JsonNode> lines = all.stream().filter(l -> !l.get("key").asText().startsWith("place-")).toList();

        assertThat(lines).extracting(l -> l.get("topic").asText() + " " + l.get("key").asText())
                .as("one binding per version, final: admitted and not placed")
                .containsExactly(
                        "fedstream.bindings " + FLINK_KEY,
                        "fedstream.audit admit-0-0-0",
                        "fedstream.bindings " + FLINK_KEY,
                        "fedstream.audit admit-0-1-0",
                        "fedstream.bindings apps/Deployment/team-c/broken",
                        "fedstream.audit admit-0-2-0",
                        "fedstream.dlq apps/Deployment/team-c/broken",
                        "fedstream.bindings " + FLINK_KEY,
                        "fedstream.audit admit-0-3-0");

        JsonNode first = lines.get(0).get("value");
        assertThat(first.get("components").get(0).get("name").asText()).isEqualTo("jobmanager");
        assertThat(first.get("components").get(0).get("perPod").get("memory").asText()).isEqualTo("2Gi");
        assertThat(first.get("components").get(1).get("name").asText()).isEqualTo("taskmanager");
        assertThat(first.get("components").get(1).get("replicas").asLong()).isEqualTo(4);
        assertThat(first.get("total").get("cpu").asText()).isEqualTo("9");
        assertThat(first.get("total").get("memory").asText()).isEqualTo("18Gi");
        assertThat(first.get("observedAt").asText()).isEqualTo("2026-11-29T10:00:00Z");
        assertThat(lines.get(0).get("timestamp").asLong()).isEqualTo(1795946400000L);

        assertThat(first.get("admission").get("state").asText()).isEqualTo("ADMITTED");
        assertThat(first.get("admission").get("charged").get("pods").asText()).isEqualTo("5");
        assertThat(first.get("placement").isNull()).isTrue();
        assertThat(first.get("unplacedReason").asText()).as("the policy selects it; no cluster reports").isEqualTo("no cluster is known");
        assertThat(lines.get(1).get("value").get("decision").asText()).isEqualTo("ADMITTED");

        JsonNode scaled = lines.get(2).get("value");
        assertThat(scaled.get("generation").asLong()).isEqualTo(2);
        assertThat(scaled.get("components").get(1).get("replicas").asLong()).isEqualTo(6);
        assertThat(scaled.get("updatedAt").asText()).isEqualTo("2026-11-29T10:01:00Z");

        JsonNode deadLetter = lines.get(6);
        assertThat(deadLetter.get("headers").get("stage").asText()).isEqualTo("interpret");
        assertThat(deadLetter.get("headers").get("field").asText()).isEqualTo("spec.replicas");
        assertThat(deadLetter.get("headers").get("value").asText()).isEqualTo("-3");

        assertThat(lines.get(7).get("value").isNull()).isTrue();
        assertThat(lines.get(8).get("value").get("decision").asText()).isEqualTo("RELEASED");
    }

    @Test
    void admissionExampleRejectsTheScaleUpQueuesTheSecondJobAndAdmitsItAfterTheDelete() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-admission.jsonl")));

        List<String> bindings = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.bindings"))
                .map(l -> l.get("key").asText().replace("flink.apache.org/FlinkDeployment/streaming/", "") + " "
                        + (l.get("value").isNull() ? "deleted" : l.at("/value/generation").asLong() + " "
                        + l.at("/value/admission/state").asText() + " charged cpu=" + l.at("/value/admission/charged/cpu").asText("-")
                        + (l.at("/value/unplacedReason").isTextual() ? " unplaced" : "")))
                .toList();
        // No policy selects the jobs (the script is about quotas): each admitted job's binding says it is not placed, once.
        // The delete frees the quota and admits risk-scorer in the same processing, whose binding is decided (and written) first.
        assertThat(bindings).containsExactly(
                "fraud-detector 1 ADMITTED charged cpu=9 unplaced",
                "fraud-detector 2 REJECTED charged cpu=9 unplaced",
                "risk-scorer 1 REJECTED charged cpu=-",
                "risk-scorer 1 ADMITTED charged cpu=9 unplaced",
                "fraud-detector deleted");
        assertThat(lines).filteredOn(l -> l.at("/value/unplacedReason").isTextual()).extracting(l -> l.at("/value/unplacedReason").asText())
                .containsOnly("no PropagationPolicy or ClusterPropagationPolicy matches");
        assertThat(lines).filteredOn(l -> l.get("topic").asText().equals("fedstream.audit"))
                .filteredOn(l -> l.at("/value/stage").asText().equals("admit"))
                .extracting(l -> l.at("/value/decision").asText())
                .containsExactly("QUOTA_APPLIED", "ADMITTED", "REJECTED", "REJECTED", "RELEASED", "ADMITTED");
        JsonNode rejection = lines.stream().filter(l -> l.at("/value/admission/state").asText().equals("REJECTED")).findFirst().orElseThrow();
        assertThat(rejection.at("/value/admission/rejections/0/resource").asText()).isEqualTo("cpu");
        assertThat(rejection.at("/value/admission/rejections/0/hard").asText()).isEqualTo("12");
        assertThat(rejection.at("/value/admission/rejections/0/used").asText()).isEqualTo("9");
        assertThat(rejection.at("/value/admission/rejections/0/requested").asText()).isEqualTo("8");
        JsonNode lastStatus = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.quota-status"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/used/cpu").asText()).isEqualTo("9");
        assertThat(lastStatus.at("/value/admittedCount").asLong()).isEqualTo(1);
        assertThat(lastStatus.at("/value/rejectedCount").asLong()).isZero();
    }

    @Test
    void healthExampleFailsASilentClusterAfterTheTolerationAndATaintedOneAtOnce() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-health.jsonl")));

        List<String> transitions = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.cluster-state"))
                .map(l -> l.get("key").asText() + " " + l.at("/value/previousState").asText() + "->" + l.at("/value/state").asText()
                        + " " + l.at("/value/reason").asText() + " " + l.at("/value/transitionAt").asText())
                .toList();
        assertThat(transitions).containsExactly(
                "member1 null->READY Joined 2026-11-29T10:00:00Z",
                "member2 null->READY Joined 2026-11-29T10:00:00Z",
                "member2 READY->FAILED NoExecuteTaint 2026-11-29T10:00:20Z",
                "member1 READY->SUSPECT HeartbeatMissed 2026-11-29T10:00:30Z",
                "member1 SUSPECT->FAILED HeartbeatMissed 2026-11-29T10:05:30Z",
                "member1 FAILED->RECOVERING HeartbeatResumed 2026-11-29T10:05:30Z",
                "member1 RECOVERING->READY Recovered 2026-11-29T10:05:40Z");
        assertThat(lines).filteredOn(l -> l.get("topic").asText().equals("fedstream.audit"))
                .extracting(l -> l.get("key").asText())
                .contains("health-member1-1795946430000-SUSPECT", "health-member1-1795946730000-FAILED");
    }

    @Test
    void flinkFailoverExampleIssuesOneCheckpointCommandWithTheDeltasAfterItAndPurgesOnceTheNewCopyIsHealthy() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-failover-flink.jsonl")));

        String incident = "member1-1795946450000";
        String commandId = FLINK_KEY + "/" + incident + "/1";
        assertThat(transitions(lines)).containsExactly(
                "member1 null->READY Joined",
                "member2 null->READY Joined",
                "member3 null->READY Joined",
                "member1 READY->SUSPECT HeartbeatMissed",
                "member1 SUSPECT->FAILED HeartbeatMissed",
                "member1 FAILED->RECOVERING HeartbeatResumed",
                "member1 RECOVERING->READY Recovered");
        assertThat(placements(lines)).containsExactly("member1 scheduler", "member2 failover");
        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).hasSize(2);
        assertThat(commands.get(0).get("key").asText()).isEqualTo(FLINK_KEY);
        assertThat(commands.get(0).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s","incidentId":"%s","workloadKey":"%s","action":"MIGRATE","attempt":1,
                 "sourceCluster":"member1","targetCluster":"member2","remainingCandidates":["member3"],"strategy":"CHECKPOINT",
                 "checkpoint":{"id":42,"path":"s3://flink/fraud-detector/chk-42","stateSizeBytes":536870912,
                               "completedAt":"2026-11-29T10:00:05Z","deltaPartition":0,"deltaOffset":1},
                 "deltaReplay":{"topic":"fedstream.state-deltas","partition":0,"fromOffsetExclusive":1,"toOffsetInclusive":4,
                                "bytes":960,"records":3},
                 "consumerGroupOffsets":[],"preservedState":{},"purgeMode":"Gracefully","gracePeriodSeconds":600,
                 "checkpointStorage":{},"checkpointStorageJson":null,"targetManifest":null,"targetReplicas":{},"targetRoomNote":null,"fullStateBytes":536870912,"incrementalBytes":960,"issuedAt":"2026-11-29T10:05:50Z"}
                """.formatted(commandId, incident, FLINK_KEY)));
        assertThat(commands.get(1).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s/purge","incidentId":"%s","workloadKey":"%s","action":"PURGE","attempt":1,
                 "sourceCluster":"member1","targetCluster":null,"remainingCandidates":[],"strategy":"GRACEFUL_SHUTDOWN",
                 "checkpoint":null,"deltaReplay":null,"consumerGroupOffsets":[],"preservedState":{},"purgeMode":"Gracefully",
                 "gracePeriodSeconds":0,"checkpointStorage":{},"checkpointStorageJson":null,"targetManifest":null,"targetReplicas":{},"targetRoomNote":null,"fullStateBytes":0,"incrementalBytes":0,
                 "issuedAt":"2026-11-29T10:06:10Z"}
                """.formatted(commandId, incident, FLINK_KEY)));
        assertThat(failoverDecisions(lines)).containsExactly(
                "PLACED", "MIGRATION_ISSUED", "MIGRATION_STARTED", "MIGRATION_COMPLETED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void consumerFailoverExampleIssuesOneOffsetCommitCommandWithTheGroupsOffsets() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-failover-consumer.jsonl")));

        String key = "apps/Deployment/payments/ledger-writer";
        String incident = "member1-1795946420000";
        assertThat(transitions(lines)).containsExactly(
                "member1 null->READY Joined",
                "member2 null->READY Joined",
                "member3 null->READY Joined",
                "member1 READY->FAILED NoExecuteTaint",
                "member1 FAILED->RECOVERING NoExecuteTaintRemoved",
                "member1 RECOVERING->READY Recovered");
        assertThat(placements(lines)).containsExactly("member1 scheduler", "member2 failover");
        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).extracting(c -> c.at("/value/action").asText()).containsExactly("MIGRATE", "PURGE");
        assertThat(commands.get(0).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s/%s/1","incidentId":"%s","workloadKey":"%s","action":"MIGRATE","attempt":1,
                 "sourceCluster":"member1","targetCluster":"member2","remainingCandidates":["member3"],"strategy":"OFFSET_COMMIT",
                 "checkpoint":null,"deltaReplay":null,
                 "consumerGroupOffsets":[
                   {"group":"ledger-writer","topic":"payments.transactions","partition":0,"offset":18231},
                   {"group":"ledger-writer","topic":"payments.transactions","partition":1,"offset":17904},
                   {"group":"ledger-writer","topic":"payments.transactions","partition":2,"offset":18877}],
                 "preservedState":{},"purgeMode":"Gracefully","gracePeriodSeconds":600,"checkpointStorage":{},"checkpointStorageJson":null,"targetManifest":null,"targetReplicas":{},"targetRoomNote":null,
                 "fullStateBytes":0,"incrementalBytes":0,"issuedAt":"2026-11-29T10:00:20Z"}
                """.formatted(key, incident, incident, key)));
        assertThat(commands.get(1).at("/value/sourceCluster").asText()).isEqualTo("member1");
        assertThat(commands.get(1).at("/value/issuedAt").asText()).as("when member2 reported the consumer Running, still tainted")
                .isEqualTo("2026-11-29T10:00:35Z");
        assertThat(commands.get(1).at("/value/gracePeriodSeconds").asInt()).as("fedstream did the waiting").isZero();
        assertThat(failoverDecisions(lines)).containsExactly(
                "PLACED", "MIGRATION_ISSUED", "MIGRATION_STARTED", "MIGRATION_COMPLETED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void policyFailoverExampleFollowsFailoverClusterCarriesTheNestedCheckpointStorageAndHoldsTheDisabledWorkload() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-failover-policy.jsonl")));

        String report = "apps/Deployment/streaming/nightly-report";
        String incident = "member1-1795946420000";
        String commandId = FLINK_KEY + "/" + incident + "/1";
        assertThat(placements(lines)).containsExactly("member1 scheduler", "member1 scheduler", "member2 failover");
        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).extracting(c -> c.get("key").asText()).containsExactly(FLINK_KEY, FLINK_KEY);
        assertThat(commands.get(0).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s","incidentId":"%s","workloadKey":"%s","action":"MIGRATE","attempt":1,
                 "sourceCluster":"member1","targetCluster":"member2","remainingCandidates":[],"strategy":"CHECKPOINT",
                 "checkpoint":{"id":7,"path":"s3://flink-checkpoints/fraud-detector/chk-7","stateSizeBytes":268435456,
                               "completedAt":"2026-11-29T10:00:05Z","deltaPartition":null,"deltaOffset":null},
                 "deltaReplay":null,"consumerGroupOffsets":[],"preservedState":{"fedstream.io/job-id":"4f1c2a"},
                 "purgeMode":"Directly","gracePeriodSeconds":null,
                 "checkpointStorage":{"s3.endpoint":"https://s3.example.com","s3.bucket":"flink-checkpoints"},
                 "checkpointStorageJson":"{\\"s3\\":{\\"endpoint\\":\\"https://s3.example.com\\",\\"bucket\\":\\"flink-checkpoints\\"}}","targetManifest":null,"targetReplicas":{},"targetRoomNote":null,
                 "fullStateBytes":268435456,"incrementalBytes":0,"issuedAt":"2026-11-29T10:00:20Z"}
                """.formatted(commandId, incident, FLINK_KEY)));
        JsonNode purge = commands.get(1).get("value");
        assertThat(purge.get("action").asText()).isEqualTo("PURGE");
        assertThat(purge.get("purgeMode").asText()).isEqualTo("Directly");
        assertThat(purge.get("checkpointStorageJson")).isEqualTo(commands.get(0).at("/value/checkpointStorageJson"));
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).filteredOn(l -> l.at("/value/decision").asText().equals("MIGRATION_DISABLED"))
                .singleElement().satisfies(l -> {
                    assertThat(l.at("/value/workloadKey").asText()).isEqualTo(report);
                    assertThat(l.at("/value/reason").asText())
                            .isEqualTo("stays on member1: PropagationPolicy/streaming/batch says spec.failover.enable: false");
                });
        assertThat(failoverDecisions(lines)).as("Directly: the PURGE goes once the binding has left member1, still tainted")
                .containsExactly("PLACED", "PLACED", "MIGRATION_DISABLED", "MIGRATION_ISSUED", "MIGRATION_STARTED", "MIGRATION_COMPLETED",
                        "PURGE_ISSUED");
        assertThat(commands.get(1).at("/value/issuedAt").asText()).as("at the completion, before member1 is READY again")
                .isEqualTo("2026-11-29T10:00:30Z");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void tolerationTimingExampleMovesEachWorkloadWhenItsClusterTolerationEnds() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-toleration-timing.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/workloadKey").asText() + " "
                        + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText() + " at "
                        + c.at("/value/issuedAt").asText())
                .containsExactly(
                        "apps/Deployment/payments/checkout member1->member3 at 2026-11-29T10:01:30Z",
                        "apps/Deployment/ops/ledger member2->member3 at 2026-11-29T10:02:10Z");
        assertThat(ReplayRun.topic(lines, "fedstream.cluster-state")).filteredOn(l -> !l.at("/value/taints").isEmpty())
                .extracting(l -> l.get("key").asText() + " " + l.at("/value/state").asText() + " " + l.at("/value/taints").toString())
                .containsExactly(
                        "member2 FAILED [{\"key\":\"maintenance\",\"value\":null,\"effect\":\"NoExecute\",\"timeAdded\":\"2026-11-29T10:00:10Z\"}]",
                        "member1 SUSPECT [{\"key\":\"cluster.karmada.io/unreachable\",\"value\":null,\"effect\":\"NoExecute\","
                                + "\"timeAdded\":\"2026-11-29T10:00:30Z\"}]");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void anUntoleratedNoExecuteTaintMigratesTheSeedsFlinkDeploymentAtOnceWithItsCheckpointStorage() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-noexecute-at-once.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/workloadKey").asText() + " "
                        + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText() + " at "
                        + c.at("/value/issuedAt").asText() + " " + c.at("/value/checkpointStorageJson").asText())
                .containsExactly("flink.apache.org/FlinkDeployment/team-a/orders member2->member3 at 2026-11-29T10:00:10Z"
                        + " {\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void spreadConstraintsBesideStaticWeightsAreIgnoredAsKarmadasUserGuideExpects() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-spread-static-weights.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web").get("clusters")).isEqualTo(JSON.readTree("""
                [{"name":"member1","replicas":1,"components":[]},{"name":"member2","replicas":2,"components":[]}]"""));
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void spreadExampleRunsTheWorkloadOnOneClusterOfTheAffinity() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-spread-one-cluster.jsonl")));

        List<JsonNode> placed = ReplayRun.topic(lines, "fedstream.bindings").stream()
                .filter(l -> !l.at("/value/placement").isNull() && !l.at("/value/placement").isMissingNode())
                .toList();
        assertThat(placed).hasSize(1);
        assertThat(placed.get(0).at("/value/placement")).isEqualTo(JSON.readTree("""
                {"clusters":[{"name":"member1","replicas":null,"components":[]}],"scheduling":"DUPLICATED","decidedBy":"scheduler","policy":"PropagationPolicy/shop/web","roomNotes":[]}"""));
        assertThat(failoverDecisions(lines)).containsExactly("PLACED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void noPolicyExampleAdmitsButDoesNotPlaceSaysWhyAndPlacesOnceAValidPolicySelectsIt() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-no-policy.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.bindings")).extracting(l -> l.at("/value/admission/state").asText() + " "
                        + l.at("/value/placement/clusters/0/name").asText("-") + " " + l.at("/value/unplacedReason").asText("-"))
                .as("one binding per version, final: admitted and not placed, saying why; then placed")
                .containsExactly(
                        "ADMITTED - no PropagationPolicy or ClusterPropagationPolicy matches",
                        "ADMITTED - PropagationPolicy shop/checkout matches but is refused: spec.placement.clusterAffinity.clusterName: "
                                + "is not a known field (expected clusterNames, exclude, labelSelector, fieldSelector) (value: [\"member2\"])",
                        "ADMITTED member2 -");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .containsSubsequence("UNPLACEABLE", "PLACED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).as("the refused policy, dead-lettered once").singleElement()
                .satisfies(l -> assertThat(l.get("key").asText()).isEqualTo("PropagationPolicy/shop/checkout"));
    }

    @Test
    void dividedExampleSharesTheReplicasAndChargesEachClusterItsShare() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-divided.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web")).isEqualTo(JSON.readTree("""
                {"clusters":[{"name":"member1","replicas":2,"components":[]},{"name":"member2","replicas":1,"components":[]}],"scheduling":"DIVIDED","decidedBy":"scheduler","policy":"PropagationPolicy/shop/web","roomNotes":[]}"""));
        assertThat(lastPlacement(lines, "apps/Deployment/shop/api").get("clusters")).isEqualTo(JSON.readTree("""
                [{"name":"member1","replicas":4,"components":[]},{"name":"member2","replicas":2,"components":[]},{"name":"member3","replicas":1,"components":[]}]"""));
        assertThat(lastPlacement(lines, "apps/Deployment/shop/batch").get("clusters")).isEqualTo(JSON.readTree("""
                [{"name":"member1","replicas":10,"components":[]}]"""));
        JsonNode lastStatus = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.quota-status"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=16", "member2=3", "member3=1");
        assertThat(ReplayRun.roomReserved(lines)).as("each share's room, held where it runs").containsExactly(
                "reserved room on member1 (2 pods), member2 (1 pods)", "reserved room on member1 (4 pods), member2 (2 pods), member3 (1 pods)",
                "reserved room on member1 (10 pods)");
        assertThat(failoverDecisions(lines)).containsExactly("PLACED", "PLACED", "PLACED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void plainDuplicatedExampleRunsAFullCopyOnEveryCluster() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-duplicated.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web")).isEqualTo(JSON.readTree("""
                {"clusters":[{"name":"member1","replicas":null,"components":[]},{"name":"member2","replicas":null,"components":[]},{"name":"member3","replicas":null,"components":[]}],\
                "scheduling":"DUPLICATED","decidedBy":"scheduler","policy":"PropagationPolicy/shop/web","roomNotes":[]}"""));
        JsonNode lastStatus = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.quota-status"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=1500m", "member2=1500m", "member3=1500m");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void spreadDuplicatedExampleRunsAFullCopyOnTwoClusters() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-spread-duplicated.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web")).isEqualTo(JSON.readTree("""
                {"clusters":[{"name":"member1","replicas":null,"components":[]},{"name":"member2","replicas":null,"components":[]}],"scheduling":"DUPLICATED",\
                "decidedBy":"scheduler","policy":"PropagationPolicy/shop/web","roomNotes":[]}"""));
        JsonNode lastStatus = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.quota-status"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=1500m", "member2=1500m", "member3=0");
        assertThat(ReplayRun.roomReserved(lines)).as("a full copy's room on each of the two clusters")
                .containsExactly("reserved room on member1 (3 pods), member2 (3 pods)");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    /** The placement of the workload's last binding that has one. */
    private static JsonNode lastPlacement(List<JsonNode> lines, String workloadKey) {
        return lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.bindings") && workloadKey.equals(l.at("/key").asText()))
                .map(l -> l.at("/value/placement")).filter(p -> !p.isNull() && !p.isMissingNode())
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(workloadKey + " was never placed"));
    }

    @Test
    void shareFailoverExampleMovesTheFailedClustersCopyOnlyAndPurgesItOnceTheMovedCopyIsHealthy() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-share-failover.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.migrations")).extracting(c -> c.at("/value/action").asText() + " "
                        + c.at("/value/sourceCluster").asText() + "->" + c.at("/value/targetCluster").asText("-"))
                .containsExactly("MIGRATE member1->member3", "PURGE member1->-");
        assertThat(ReplayRun.topic(lines, "fedstream.bindings")).extracting(l -> l.at("/value/placement/clusters").toString())
                .last().isEqualTo("[{\"name\":\"member3\",\"replicas\":null,\"components\":[]},{\"name\":\"member2\",\"replicas\":null,\"components\":[]}]");
        assertThat(failoverDecisions(lines)).containsExactly("PLACED", "MIGRATION_ISSUED", "MIGRATION_STARTED",
                "MIGRATION_COMPLETED", "PURGE_ISSUED");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void badLineIsReportedWithItsNumberBeforeAnythingRuns() {
        String script = """
                {"topic":"fedstream.workloads","key":"k","value":{"op":"UPSERT","observedAt":0,"manifest":"{}"}}
                {"topic":"fedstream.workloads","key":"k","value":{"op":"UPSERT"}}
                """;

        assertThatThrownBy(() -> replay(script))
                .isInstanceOf(ReplayException.class)
                .hasMessage("line 2: value.observedAt: required field of WorkloadEvent is missing");
    }

    @Test
    void unknownFieldAndUnknownTopicAreErrors() {
        assertThatThrownBy(() -> replay("{\"topic\":\"fedstream.workloads\",\"key\":\"k\",\"vaule\":{}}"))
                .hasMessage("line 1: unknown field 'vaule'; a line has topic, key, value, timestamp, or only advanceWallClockMs");
        assertThatThrownBy(() -> replay("{\"topic\":\"fedstream.migrations\",\"key\":\"k\",\"value\":null}"))
                .hasMessageStartingWith("line 1: topic 'fedstream.migrations' is not an input of the topology");
        assertThatThrownBy(() -> replay("{\"advanceWallClockMs\":-5}"))
                .hasMessage("line 1: advanceWallClockMs must be the only field and a whole number >= 0, got {\"advanceWallClockMs\":-5}");
        assertThatThrownBy(() -> replay("not json"))
                .hasMessageStartingWith("line 1: not a JSON object");
    }

    private static List<String> transitions(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.cluster-state").stream()
                .map(l -> l.get("key").asText() + " " + l.at("/value/previousState").asText() + "->" + l.at("/value/state").asText()
                        + " " + l.at("/value/reason").asText())
                .toList();
    }

    private static List<String> placements(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.bindings").stream()
                .filter(l -> !l.at("/value/placement").isNull() && !l.at("/value/placement").isMissingNode())
                .map(l -> l.at("/value/placement/clusters/0/name").asText() + " " + l.at("/value/placement/decidedBy").asText())
                .toList();
    }

    private static List<String> failoverDecisions(List<JsonNode> lines) {
        return ReplayRun.topic(lines, "fedstream.audit").stream()
                .map(l -> l.at("/value/decision").asText())
                .filter(d -> d.equals("PLACED") || d.startsWith("MIGRATION_") || d.startsWith("PURGE_"))
                .toList();
    }

    @Test
    void overridesExampleChargesTheChosenClusterForItsOverriddenReplicas() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-overrides.jsonl")));

        JsonNode placed = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.bindings"))
                .reduce((a, b) -> b).orElseThrow().get("value");
        assertThat(placed.at("/placement/clusters/0/name").asText()).isEqualTo("member1");
        assertThat(placed.at("/total/cpu").asText()).as("the Deployment as written").isEqualTo("2");
        assertThat(placed.at("/admission/charged/cpu").asText()).as("member1's copy runs 5 replicas").isEqualTo("5");
        JsonNode member1 = placed.at("/clusterOverrides/0");
        assertThat(member1.get("cluster").asText()).isEqualTo("member1");
        assertThat(member1.get("applied")).extracting(JsonNode::asText).containsExactly(
                "ClusterOverridePolicy registry-mirror spec.overrideRules[0]", "OverridePolicy shop/five-on-big spec.overrideRules[0]");
        JsonNode manifest = JSON.readTree(member1.get("manifest").asText());
        assertThat(manifest.at("/spec/replicas").asInt()).isEqualTo(5);
        assertThat(manifest.at("/spec/template/spec/containers/0/image").asText()).isEqualTo("mirror.example.com/nginx:1.27");
        assertThat(manifest.at("/metadata/labels/sized").asText()).isEqualTo("big");
        JsonNode member2 = placed.at("/clusterOverrides/1");
        assertThat(member2.get("cluster").asText()).isEqualTo("member2");
        assertThat(member2.at("/total/cpu").asText()).isEqualTo("2");
        JsonNode lastStatus = lines.stream().filter(l -> l.get("topic").asText().equals("fedstream.quota-status"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters/0/cluster").asText()).isEqualTo("member1");
        assertThat(lastStatus.at("/value/clusters/0/used/cpu").asText()).isEqualTo("5");
        // Lease offers (on by default since 2026-12-07): member1's allocator offered the task room at its first view, so
        // the 5 replicas were placed in it with nothing asked.
        assertThat(ReplayRun.topic(lines, "fedstream.lease-requests")).as("nothing asked: the offer held the 5 replicas").isEmpty();
        assertThat(ReplayRun.topic(lines, "fedstream.lease-grants")).as("member1's offer").anySatisfy(l -> {
            assertThat(l.at("/value/cluster").asText()).isEqualTo("member1");
            assertThat(l.at("/value/answers").isNull()).as("offered, not an answer").isTrue();
            assertThat(Long.parseLong(l.at("/value/granted/pods").asText())).isGreaterThanOrEqualTo(5);
        });
    }

    @Test
    void overrideFollowExampleRechargesTheCopyWhenAPolicyOrAClusterChangesLater() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-override-follow.jsonl")));

        List<JsonNode> bindings = ReplayRun.topic(lines, "fedstream.bindings").stream().map(l -> l.get("value")).toList();
        assertThat(bindings).extracting(b -> b.at("/generation").asLong()).containsOnly(1L);
        assertThat(bindings).extracting(b -> b.at("/placement/clusters/0/name").asText("-") + " " + b.at("/admission/charged/cpu").asText()
                        + " " + b.get("clusterOverrides").findValuesAsText("cluster"))
                .as("placed on member1 (one binding, final); member2 joins; member1 labelled tier=big; 3 replicas; the policy deleted")
                .containsExactly("member1 2 []", "member1 2 [member2]", "member1 5 [member1, member2]", "member1 3 [member1, member2]",
                        "member1 2 []");
        JsonNode lastStatus = ReplayRun.topic(lines, "fedstream.quota-status").get(ReplayRun.topic(lines, "fedstream.quota-status").size() - 1);
        assertThat(lastStatus.at("/value/clusters/0/used/cpu").asText()).isEqualTo("2");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void overrideFollowPromptExampleRechargesTheCopyWithinAFractionOfASecondOfARelabelledHeartbeat() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-override-follow-prompt.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.bindings")).extracting(l -> l.at("/value/placement/clusters/0/name").asText("-") + " "
                        + l.at("/value/admission/charged/cpu").asText() + " " + l.at("/value").get("clusterOverrides").findValuesAsText("cluster"))
                .as("admitted and placed on member1 (one binding), then its copy there overridden once member1 is labelled tier=big")
                .containsExactly("member1 2 []", "member1 5 [member1]");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    @Test
    void overrideDividedExampleChargesEachShareForWhatItsOverridesMakeItRun() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-override-divided.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web").get("clusters")).isEqualTo(JSON.readTree("""
                [{"name":"member1","replicas":2,"components":[]},{"name":"member2","replicas":1,"components":[]}]"""));
        JsonNode lastStatus = ReplayRun.topic(lines, "fedstream.quota-status").get(ReplayRun.topic(lines, "fedstream.quota-status").size() - 1);
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=4", "member2=2");
        assertThat(lastStatus.at("/value/used/cpu").asText()).isEqualTo("6");
    }

    @Test
    void clusterFieldSelectorExamplePlacesByRegionAndOverridesByZone() throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-cluster-field-selector.jsonl")));

        assertThat(lastPlacement(lines, "apps/Deployment/shop/web").at("/clusters/0/name").asText()).isEqualTo("member2");
        JsonNode binding = ReplayRun.topic(lines, "fedstream.bindings").get(ReplayRun.topic(lines, "fedstream.bindings").size() - 1).get("value");
        assertThat(binding.get("clusterOverrides").findValuesAsText("cluster")).containsExactly("member2");
        assertThat(binding.at("/admission/charged/cpu").asText()).isEqualTo("4");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    private List<JsonNode> replay(String script) throws IOException {
        return ReplayRun.run(script, stateDir);
    }
}
