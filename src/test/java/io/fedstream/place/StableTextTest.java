package io.fedstream.place;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.Problems;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Texts that reach records read the same in every JVM: no order taken from an unordered map. */
class StableTextTest {

    @Test
    void checkpointStorageKeepsTheOrderWritten() throws Exception {
        List<String> keys = List.of("region", "bucket", "zeta", "endpoint", "alpha", "path", "omega", "secret",
                "gamma", "insecure", "delta", "prefix");
        StringBuilder json = new StringBuilder("{");
        keys.forEach(key -> json.append(json.length() == 1 ? "" : ",").append('"').append(key).append("\":\"v\""));
        json.append('}');
        CheckpointStorage storage = CheckpointStorage.read(
                Cursor.root(new ObjectMapper().readTree(json.toString()), new Problems()));

        assertThat(storage.entries().keySet()).containsExactlyElementsOf(keys);
    }

    @Test
    void anUnmatchedAffinityNamesTheClusterLabelsSorted() {
        ClusterAffinity affinity = new ClusterAffinity(null, List.of(), List.of(),
                new LabelSelector(Map.of("tier", "gold"), List.of()), null);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("zone", "b");
        labels.put("tier", "silver");
        labels.put("app", "x");

        assertThat(affinity.whyNot("member1", labels, new ClusterTopology(null, null, List.of())))
                .isEqualTo("labels {app=x, tier=silver, zone=b} do not match the affinity's labelSelector");
    }
}
