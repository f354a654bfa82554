package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.WorkloadStatusEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadStatusTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void aFlinkDeploymentReportsItsJobStateAndLastSavepointAsTheCheckpoint() {
        WorkloadManifest flink = WorkloadManifest.of("""
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"f","namespace":"n"},
                 "status":{"jobStatus":{"state":"RUNNING","jobId":"j-1",
                   "checkpointInfo":{"lastCheckpoint":{"timeStamp":1764590000000,"triggerType":"PERIODIC"}},
                   "savepointInfo":{"lastSavepoint":{"timeStamp":1764590400000,"location":"s3://ckpt/fraud/chk-17"}}}}}""");

        WorkloadStatusEvent event = WorkloadStatus.of(flink, "dc-1", List.of(), NOW);

        assertThat(event.getCluster()).isEqualTo("dc-1");
        assertThat(event.getPhase()).isEqualTo("RUNNING");
        assertThat(event.getLastCompletedCheckpoint()).isEqualTo(Checkpoint.newBuilder().setId(17).setPath("s3://ckpt/fraud/chk-17")
                .setStateSizeBytes(0).setCompletedAt(Instant.ofEpochMilli(1764590400000L)).build());
        assertThat(event.getStatus()).contains("\"jobId\":\"j-1\"");
        assertThat(event.getObservedAt()).isEqualTo(NOW);
    }

    @Test
    void aSavepointOutsideAChkDirectoryIsNumberedByItsTimeStamp() {
        WorkloadManifest flink = WorkloadManifest.of("""
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"f","namespace":"n"},
                 "status":{"jobStatus":{"state":"RUNNING",
                   "savepointInfo":{"lastSavepoint":{"timeStamp":1764590400000,"location":"s3://sp/savepoint-ab12cd-0123"}}}}}""");

        assertThat(WorkloadStatus.of(flink, "dc-1", List.of(), NOW).getLastCompletedCheckpoint().getId()).isEqualTo(1764590400000L);
    }

    @Test
    void aFlinkDeploymentWithoutSavepointOrStatusHasNoCheckpoint() {
        WorkloadManifest flink = WorkloadManifest.of("""
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"f","namespace":"n"}}""");

        WorkloadStatusEvent event = WorkloadStatus.of(flink, "dc-1", List.of(), NOW);

        assertThat(event.getPhase()).isEqualTo("Unknown");
        assertThat(event.getLastCompletedCheckpoint()).isNull();
        assertThat(event.getStatus()).isNull();
    }

    @Test
    void otherKindsReportTheirPhaseOrReadyConditionAndTheOffsetsGiven() {
        WorkloadManifest deployment = WorkloadManifest.of("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","namespace":"n"},
                 "status":{"conditions":[{"type":"Progressing","status":"True"},{"type":"Available","status":"False"}]}}""");
        WorkloadManifest job = WorkloadManifest.of("""
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"n"},"status":{"phase":"Running"}}""");
        List<ConsumerGroupOffset> offsets = List.of(new ConsumerGroupOffset("g", "t", 0, 5L));

        WorkloadStatusEvent event = WorkloadStatus.of(deployment, "dc-1", offsets, NOW);

        assertThat(event.getPhase()).isEqualTo("NotAvailable");
        assertThat(event.getConsumerGroupOffsets()).isEqualTo(offsets);
        assertThat(WorkloadStatus.of(job, "dc-1", List.of(), NOW).getPhase()).isEqualTo("Running");
    }
}
