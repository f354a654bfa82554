package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RestoredManifestTest {

    private static final String FLINK = """
            {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment",
             "metadata":{"name":"fraud","namespace":"payments","labels":{"app":"fraud"}},
             "spec":{"job":{"jarURI":"local:///opt/job.jar","upgradeMode":"%s"}}}""";

    @Test
    void aFlinkJobStartsFromTheCheckpointWithAStatefulUpgradeModeAndCarriesTheCommandAndPreservedState() {
        ObjectNode restored = RestoredManifest.of(FLINK.formatted("stateless"), command(MigrationStrategy.CHECKPOINT, checkpoint(),
                Map.of("fedstream.io/job-id", "j-1"), new TreeMap<>(Map.of("s3.endpoint", "http://minio:9000", "bucket", "ckpt"))));

        assertThat(restored.at("/spec/job/initialSavepointPath").asText()).isEqualTo("s3://ckpt/fraud/chk-17");
        assertThat(restored.at("/spec/job/upgradeMode").asText()).isEqualTo("savepoint");
        assertThat(restored.at("/spec/job/jarURI").asText()).isEqualTo("local:///opt/job.jar");
        assertThat(restored.at("/metadata/annotations").toString())
                .isEqualTo("{\"fedstream.io/migration-command\":\"cmd-1\",\"fedstream.io/checkpoint-storage\":"
                        + "\"{\\\"bucket\\\":\\\"ckpt\\\",\\\"s3.endpoint\\\":\\\"http://minio:9000\\\"}\"}");
        assertThat(restored.at("/metadata/labels").toString()).isEqualTo("{\"app\":\"fraud\",\"fedstream.io/job-id\":\"j-1\"}");
        assertThat(restored.at("/spec/flinkConfiguration").toString()).isEqualTo("{\"s3.endpoint\":\"http://minio:9000\"}");
    }

    @Test
    void theSeedsNestedCheckpointStorageTravelsVerbatimAndItsFlinkOptionReachesTheFlinkConfiguration() {
        String seed = "{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}";
        MigrationCommand command = MigrationCommand.newBuilder(command(MigrationStrategy.CHECKPOINT, checkpoint(), Map.of(),
                        new TreeMap<>(Map.of("s3.endpoint", "https://s3.example.com", "s3.bucket", "flink-checkpoints"))))
                .setCheckpointStorageJson(seed).build();

        ObjectNode restored = RestoredManifest.of(FLINK.formatted("savepoint"), command);

        assertThat(restored.at("/metadata/annotations/fedstream.io~1checkpoint-storage").asText()).isEqualTo(seed);
        assertThat(restored.at("/spec/flinkConfiguration/s3.endpoint").asText()).isEqualTo("https://s3.example.com");
    }

    @Test
    void anUpdateOfTheMigratedCopyKeepsWhatTheMigrationRestored() throws Exception {
        String seed = "{\"s3\":{\"endpoint\":\"https://s3.example.com\"}}";
        MigrationCommand command = MigrationCommand.newBuilder(command(MigrationStrategy.CHECKPOINT, checkpoint(), Map.of(),
                new TreeMap<>(Map.of("s3.endpoint", "https://s3.example.com")))).setCheckpointStorageJson(seed).build();
        ObjectNode live = RestoredManifest.of(FLINK.formatted("stateless"), command);
        ObjectNode update = (ObjectNode) new ObjectMapper().readTree(FLINK.formatted("stateless"));

        ObjectNode carried = RestoredManifest.carryOver(update, live);

        assertThat(carried.at("/spec/job/initialSavepointPath").asText()).isEqualTo("s3://ckpt/fraud/chk-17");
        assertThat(carried.at("/spec/job/upgradeMode").asText()).as("a stateless update would drop the restored state").isEqualTo("savepoint");
        assertThat(carried.at("/spec/flinkConfiguration/s3.endpoint").asText()).isEqualTo("https://s3.example.com");
        ObjectNode notMigrated = (ObjectNode) new ObjectMapper().readTree(FLINK.formatted("stateless"));
        assertThat(RestoredManifest.carryOver(notMigrated.deepCopy(), notMigrated)).isEqualTo(notMigrated);
    }

    @Test
    void lastStateIsKeptAndNoCheckpointLeavesTheJobAsWritten() {
        ObjectNode lastState = RestoredManifest.of(FLINK.formatted("last-state"), command(MigrationStrategy.CHECKPOINT, checkpoint(), Map.of(), Map.of()));
        ObjectNode noCheckpoint = RestoredManifest.of(FLINK.formatted("stateless"), command(MigrationStrategy.CHECKPOINT, null, Map.of(), Map.of()));

        assertThat(lastState.at("/spec/job/upgradeMode").asText()).isEqualTo("last-state");
        assertThat(noCheckpoint.at("/spec/job/upgradeMode").asText()).isEqualTo("stateless");
        assertThat(noCheckpoint.at("/spec/job/initialSavepointPath").isMissingNode()).isTrue();
        assertThat(noCheckpoint.at("/spec/flinkConfiguration").isMissingNode()).isTrue();
    }

    @Test
    void otherKindsGetOnlyTheMarksAndAYamlManifestIsRead() {
        ObjectNode restored = RestoredManifest.of("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: writer, namespace: payments, resourceVersion: "7"}
                spec: {replicas: 3}
                """, command(MigrationStrategy.OFFSET_COMMIT, null, Map.of(), Map.of()));

        assertThat(restored.toString()).isEqualTo("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"writer\","
                + "\"namespace\":\"payments\",\"annotations\":{\"fedstream.io/migration-command\":\"cmd-1\"}},\"spec\":{\"replicas\":3}}");
    }

    @Test
    void aManifestThatIsNoObjectIsRefused() {
        assertThatThrownBy(() -> RestoredManifest.of("[1]", command(MigrationStrategy.GRACEFUL_SHUTDOWN, null, Map.of(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("manifest: not a JSON object");
    }

    private static Checkpoint checkpoint() {
        return Checkpoint.newBuilder().setId(17).setPath("s3://ckpt/fraud/chk-17").setStateSizeBytes(512)
                .setCompletedAt(Instant.parse("2026-12-01T11:59:00Z")).build();
    }

    private static MigrationCommand command(MigrationStrategy strategy, Checkpoint checkpoint, Map<String, String> preserved,
                                            Map<String, String> storage) {
        return MigrationCommand.newBuilder().setCommandId("cmd-1").setIncidentId("inc-1")
                .setWorkloadKey("flink.apache.org/FlinkDeployment/payments/fraud").setSourceCluster("dc-1").setTargetCluster("dc-2")
                .setStrategy(strategy).setCheckpoint(checkpoint).setPreservedState(preserved).setCheckpointStorage(storage)
                .setIssuedAt(Instant.parse("2026-12-01T12:00:00Z")).build();
    }
}
