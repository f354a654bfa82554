package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A copy's version as Karmada's object watcher records it, with the labels of a generation-versioned object. */
class ObjectVersionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anObjectWithAGenerationIsVersionedByItAndItsLabelsAndOneWithoutByItsResourceVersion() throws Exception {
        String deployment = """
                {"metadata":{"name":"web","generation":3,"resourceVersion":"9%d","labels":{"app":"web","tier":"%s"}},"status":{"x":%1$d}}""";

        String version = ObjectVersion.of(JSON.readTree(deployment.formatted(1, "front")));

        assertThat(version).matches("gen:3;labels:[0-9a-f]{16}");
        assertThat(ObjectVersion.of(JSON.readTree(deployment.formatted(2, "front"))))
                .as("a change of its status (and so of its resource version) is not a new version").isEqualTo(version);
        assertThat(ObjectVersion.of(JSON.readTree(deployment.formatted(1, "back")))).as("a label edit is").isNotEqualTo(version);
        assertThat(ObjectVersion.of(JSON.readTree("{\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"17\"}}"))).isEqualTo("rv:17");
    }
}
