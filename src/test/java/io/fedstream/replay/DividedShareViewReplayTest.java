package io.fedstream.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.api.BindingObject;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.serde.AvroJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of a Divided workload's per-cluster view (docs/overrides.md): each share shown as it runs and is charged. */
class DividedShareViewReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path stateDir;

    @Test
    void eachClusterShowsItsShareWithItsOverridesApplied() throws IOException {
        List<JsonNode> lines = ReplayRun.run(ReplayRun.example("replay-override-divided-share.jsonl"), stateDir);
        List<JsonNode> bindings = ReplayRun.topic(lines, "fedstream.bindings");
        ResourceBinding last = AvroJson.toSpecific(bindings.get(bindings.size() - 1).get("value"), ResourceBinding.class);

        List<String> shown = new ArrayList<>();
        for (JsonNode override : BindingObject.toJson(last).at("/status/clusterOverrides")) {
            JsonNode manifest = JSON.readTree(override.get("manifest").asText());
            JsonNode container = manifest.at("/spec/template/spec/containers/0");
            shown.add(override.get("cluster").asText() + ": " + manifest.at("/spec/replicas").asLong() + " x " + container.get("image").asText()
                    + " cpu " + container.at("/resources/requests/cpu").asText() + "; components " + override.at("/components/0/replicas").asLong()
                    + ", total cpu " + override.at("/total/cpu").asText());
        }
        assertThat(shown).containsExactly(
                "member1: 2 x mirror.example/nginx:1.27 cpu 1; components 2, total cpu 2",
                "member2: 1 x registry.k8s.io/nginx:1.27 cpu 2; components 1, total cpu 2");
        JsonNode lastStatus = ReplayRun.topic(lines, "fedstream.quota-status").stream().reduce((a, b) -> b).orElseThrow();
        assertThat(lastStatus.at("/value/clusters")).extracting(c -> c.get("cluster").asText() + "=" + c.at("/used/cpu").asText())
                .containsExactly("member1=2", "member2=2");
        assertThat(ReplayRun.topic(lines, "fedstream.dlq")).isEmpty();
    }
}
