package io.fedstream.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.WorkloadStatusEvent;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A workload's {@code .status} as a WorkloadStatusEvent. For a FlinkDeployment (flink-kubernetes-operator's status):
 * the phase is {@code status.jobStatus.state} and the last completed checkpoint is
 * {@code status.jobStatus.savepointInfo.lastSavepoint}, the only snapshot whose location the operator reports
 * ({@code checkpointInfo.lastCheckpoint} has a time stamp but no path, so nothing could restore from it elsewhere).
 * Other kinds: {@code status.phase}, else the Ready or Available condition, else "Unknown".
 */
final class WorkloadStatus {

    static final String FLINK_KIND = "FlinkDeployment";
    private static final Pattern CHECKPOINT_ID = Pattern.compile("chk-(\\d+)/?$");

    private WorkloadStatus() {}

    /** The event for this object on this cluster; offsets are those of its consumer group, if it is one. */
    static WorkloadStatusEvent of(WorkloadManifest object, String cluster, List<ConsumerGroupOffset> offsets, Instant observedAt) {
        JsonNode status = object.root().path("status");
        boolean flink = FLINK_KIND.equals(object.root().path("kind").asText());
        return WorkloadStatusEvent.newBuilder()
                .setCluster(cluster)
                .setPhase(flink ? text(status.path("jobStatus").path("state"), "Unknown") : phase(status))
                .setLastCompletedCheckpoint(flink ? lastSavepoint(status) : null)
                .setConsumerGroupOffsets(offsets)
                .setStatus(status.isObject() ? status.toString() : null)
                .setObservedAt(observedAt)
                .build();
    }

    /**
     * The operator's last savepoint as a checkpoint: the id is N of a {@code .../chk-N} location (a retained checkpoint
     * registered as a savepoint), else the savepoint's time stamp, which grows with every snapshot; the state size is not
     * in the status and is reported as 0.
     */
    private static Checkpoint lastSavepoint(JsonNode status) {
        JsonNode savepoint = status.path("jobStatus").path("savepointInfo").path("lastSavepoint");
        String location = text(savepoint.path("location"), null);
        if (location == null) {
            return null;
        }
        long timeStamp = savepoint.path("timeStamp").asLong(0);
        Matcher chk = CHECKPOINT_ID.matcher(location);
        return Checkpoint.newBuilder()
                .setId(chk.find() ? Long.parseLong(chk.group(1)) : timeStamp)
                .setPath(location)
                .setStateSizeBytes(0)
                .setCompletedAt(Instant.ofEpochMilli(timeStamp))
                .build();
    }

    private static String phase(JsonNode status) {
        String phase = text(status.path("phase"), null);
        if (phase != null) {
            return phase;
        }
        for (JsonNode condition : status.path("conditions")) {
            String type = condition.path("type").asText();
            if ("Ready".equals(type) || "Available".equals(type)) {
                return "True".equals(condition.path("status").asText()) ? type : "Not" + type;
            }
        }
        return "Unknown";
    }

    private static String text(JsonNode node, String fallback) {
        return node.isTextual() && !node.asText().isEmpty() ? node.asText() : fallback;
    }
}
