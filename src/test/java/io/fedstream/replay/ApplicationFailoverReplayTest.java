package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-application-failover.jsonl, as README "Replaying a failover" shows it, checked line by line. */
class ApplicationFailoverReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "flink.apache.org/FlinkDeployment/streaming/fraud-detector";
    private static final String INCIDENT = "member1-1795946460000-application";

    @TempDir Path stateDir;

    @Test
    void aJobFailingLongerThanItsTolerationOnAHealthyClusterMovesWithItsCheckpointAndItsOldCopyIsPurgedOnceTheNewOneRuns()
            throws IOException {
        List<JsonNode> lines = replay(Files.readString(Path.of("docs/examples/replay-application-failover.jsonl")));

        assertThat(ReplayRun.topic(lines, "fedstream.cluster-state")).extracting(l -> l.at("/value/state").asText())
                .as("the clusters stay healthy").containsOnly("READY");
        assertThat(ReplayRun.topic(lines, "fedstream.audit")).extracting(l -> l.at("/value/decision").asText())
                .filteredOn(d -> d.startsWith("APPLICATION_") || d.startsWith("MIGRATION_") || d.startsWith("PURGE_"))
                .containsExactly("APPLICATION_UNHEALTHY", "APPLICATION_RECOVERED", "APPLICATION_UNHEALTHY", "APPLICATION_FAILOVER",
                        "MIGRATION_ISSUED", "MIGRATION_STARTED", "MIGRATION_COMPLETED", "PURGE_ISSUED");
        List<JsonNode> commands = ReplayRun.topic(lines, "fedstream.migrations");
        assertThat(commands).hasSize(2);
        assertThat(commands.get(0).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s/%s/1","incidentId":"%s","workloadKey":"%s","action":"MIGRATE","attempt":1,
                 "sourceCluster":"member1","targetCluster":"member2","remainingCandidates":["member3"],"strategy":"CHECKPOINT",
                 "checkpoint":{"id":42,"path":"s3://flink/fraud-detector/chk-42","stateSizeBytes":536870912,
                               "completedAt":"2026-11-29T10:00:05Z","deltaPartition":0,"deltaOffset":1},
                 "deltaReplay":{"topic":"fedstream.state-deltas","partition":0,"fromOffsetExclusive":1,"toOffsetInclusive":4,
                                "bytes":960,"records":3},
                 "consumerGroupOffsets":[],"preservedState":{"fedstream.io/job-id":"7f3a9c"},"purgeMode":"Gracefully",
                 "gracePeriodSeconds":600,"checkpointStorage":{},"checkpointStorageJson":null,"targetManifest":null,"targetReplicas":{},"targetRoomNote":null,"fullStateBytes":536870912,"incrementalBytes":960,
                 "issuedAt":"2026-11-29T10:02:00Z"}
                """.formatted(KEY, INCIDENT, INCIDENT, KEY)));
        assertThat(commands.get(1).get("value")).isEqualTo(JSON.readTree("""
                {"commandId":"%s/%s/1/purge","incidentId":"%s","workloadKey":"%s","action":"PURGE","attempt":1,
                 "sourceCluster":"member1","targetCluster":null,"remainingCandidates":[],"strategy":"GRACEFUL_SHUTDOWN",
                 "checkpoint":null,"deltaReplay":null,"consumerGroupOffsets":[],"preservedState":{"fedstream.io/job-id":"7f3a9c"},
                 "purgeMode":"Gracefully","gracePeriodSeconds":0,"checkpointStorage":{},"checkpointStorageJson":null,"targetManifest":null,"targetReplicas":{},"targetRoomNote":null,"fullStateBytes":0,"incrementalBytes":0,
                 "issuedAt":"2026-11-29T10:02:20Z"}
                """.formatted(KEY, INCIDENT, INCIDENT, KEY)));
        assertThat(ReplayRun.topic(lines, "fedstream.bindings")).extracting(l -> l.at("/value/placement/clusters/0/name").asText())
                .filteredOn(name -> !name.isEmpty()).containsExactly("member1", "member2");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }

    private List<JsonNode> replay(String script) throws IOException {
        return ReplayRun.run(script, stateDir);
    }
}
