package io.fedstream.interpret;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A component read at a cursor names, compares and prints its replicas field as one given the path. */
class ComponentTest {

    private static final PodRequest POD = new PodRequest(Resources.NONE, Resources.NONE, null);

    @Test
    void replicasFieldIsTheCursorsPath() throws Exception {
        Cursor replicas = Cursor.root(new ObjectMapper().readTree("{\"spec\":{\"a.b\":{\"replicas\":2}}}"), new Problems())
                .field("spec").field("a.b").field("replicas");

        Component read = Component.of("worker", 2, replicas, POD);
        Component given = Component.of("worker", 2, "spec[a.b].replicas", POD);

        assertThat(read.replicasField()).isEqualTo("spec[a.b].replicas");
        assertThat(read).isEqualTo(given).hasSameHashCodeAs(given).hasToString(given.toString());
    }

    @Test
    void boundsKeepTheReplicasField() {
        Cursor replicas = Cursor.root(null, "spec.replicas", new Problems());

        Component bounded = Component.of("worker", 3, replicas, POD).withBounds(1L, 5L);

        assertThat(bounded).isEqualTo(new Component("worker", 3, 1L, 5L, POD, "spec.replicas"));
        assertThat(bounded.toString()).isEqualTo(
                "Component[name=worker, replicas=3, minReplicas=1, maxReplicas=5, pod=" + POD + ", replicasField=spec.replicas]");
    }
}
