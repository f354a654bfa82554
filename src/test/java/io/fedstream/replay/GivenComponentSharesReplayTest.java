package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of placements given with each cluster's pods per component (docs/placement.md, "Each component's share"). */
class GivenComponentSharesReplayTest {

    private static final String TRAIN = "kubeflow.org/PyTorchJob/ml/train";
    private static final String TUNE = "kubeflow.org/PyTorchJob/ml/tune";

    @TempDir Path stateDir;

    @Test
    void matchingSharesAreChargedAsWrittenAndAnUnknownComponentRefusesTheVersion() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-given-component-shares.jsonl"), stateDir);

        JsonNode train = last(lines, TRAIN);
        assertThat(train.at("/interpretation/state").asText()).isEqualTo("INTERPRETED");
        assertThat(train.at("/admission/state").asText()).isEqualTo("ADMITTED");
        assertThat(train.at("/placement/clusters").toString()).isEqualTo("[{\"name\":\"member1\",\"replicas\":1,\"components\":"
                + "[{\"name\":\"worker\",\"replicas\":1}]},{\"name\":\"member2\",\"replicas\":3,\"components\":[{\"name\":\"master\","
                + "\"replicas\":1},{\"name\":\"worker\",\"replicas\":2}]}]");
        JsonNode status = ReplayRun.topic(lines, "fedstream.quota-status").get(ReplayRun.topic(lines, "fedstream.quota-status").size() - 1);
        List<String> used = new java.util.ArrayList<>();
        status.at("/value/clusters").forEach(c -> used.add(c.get("cluster").asText() + "=" + c.at("/used/cpu").asText()));
        assertThat(used).as("each cluster charged what its listed pods request").containsExactly("member1=1", "member2=6");

        JsonNode tune = last(lines, TUNE);
        assertThat(tune.at("/interpretation/state").asText()).isEqualTo("INVALID");
        assertThat(tune.at("/interpretation/errors").toString()).isEqualTo("[{\"field\":\"placement.clusters[0].components[0].name\","
                + "\"value\":\"chief\",\"reason\":\"is not a component of the workload (its components: master, worker)\"}]");
        assertThat(tune.get("placement").isNull()).isTrue();
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).extracting(l -> l.get("key").asText()).containsExactly(TUNE);
    }

    private static JsonNode last(List<JsonNode> lines, String key) {
        List<JsonNode> bindings = ReplayRun.topic(lines, "fedstream.bindings").stream().filter(l -> key.equals(l.get("key").asText())).toList();
        return bindings.get(bindings.size() - 1).get("value");
    }
}
