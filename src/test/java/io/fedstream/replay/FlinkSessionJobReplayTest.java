package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/replay-flink-session-job.jsonl: a native session cluster warns of its ignored replicas; its job is charged its TaskManagers. */
class FlinkSessionJobReplayTest {

    @TempDir Path stateDir;

    private static JsonNode lastBinding(ReplayScript script, String workloadKey) {
        return script.topic("fedstream.bindings").stream().filter(l -> workloadKey.equals(l.at("/key").asText()))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(workloadKey + " has no binding")).get("value");
    }

    @Test
    void theSessionClustersBindingWarnsAndTheJobIsChargedTwoTaskManagerPods() throws IOException {
        ReplayScript script = ReplayScript.run("replay-flink-session-job.jsonl", stateDir);

        JsonNode session = lastBinding(script, "flink.apache.org/FlinkDeployment/flink/session");
        assertThat(session.at("/interpretation/warnings")).extracting(w -> w.get("field").asText()).containsExactly("spec.taskManager.replicas");
        assertThat(session.get("components")).extracting(c -> c.get("name").asText() + "=" + c.get("replicas").asLong())
                .containsExactly("jobmanager=1", "taskmanager=0");
        JsonNode job = lastBinding(script, "flink.apache.org/FlinkSessionJob/flink/wordcount");
        assertThat(job.at("/interpretation/state").asText()).isEqualTo("INTERPRETED");
        assertThat(job.get("components")).extracting(c -> c.get("name").asText() + "=" + c.get("replicas").asLong())
                .containsExactly("taskmanager=2");
        assertThat(job.get("total")).isEqualTo(ReplayScript.JSON.readTree("{\"cpu\":\"4\",\"memory\":\"8Gi\"}"));
        assertThat(job.at("/admission/state").asText()).isEqualTo("ADMITTED");
        assertThat(script.topic("fedstream.dlq")).isEmpty();
    }
}
