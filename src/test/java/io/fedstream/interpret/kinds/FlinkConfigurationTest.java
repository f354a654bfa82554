package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.Problems;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which options {@link FlinkConfiguration} declares it reads, which the skimming reader relies on. */
class FlinkConfigurationTest {

    @Test
    void holdsTheOptionsReadAndTheObjectsThatMayNestThem() {
        assertThat(FlinkConfiguration.mayHold("taskmanager.numberOfTaskSlots")).isTrue();
        assertThat(FlinkConfiguration.mayHold("taskmanager")).isTrue();
        assertThat(FlinkConfiguration.mayHold("kubernetes.operator")).isTrue();
        assertThat(FlinkConfiguration.mayHold("kubernetes.operator.pod-template")).isTrue();
        assertThat(FlinkConfiguration.mayHold("high-availability")).isTrue();
        assertThat(FlinkConfiguration.mayHold("state.backend.type")).isFalse();
        assertThat(FlinkConfiguration.mayHold("taskmanager.numberOf")).isFalse();
        assertThat(FlinkConfiguration.mayHold("kubernetes.operator.job")).isFalse();
        assertThat(FlinkConfiguration.mayHold("")).isFalse();
    }

    @Test
    void readingAnUndeclaredOptionFails() throws Exception {
        Cursor configuration = Cursor.root(new ObjectMapper().readTree("{\"parallelism.default\": \"4\"}"), new Problems());
        FlinkConfiguration conf = FlinkConfiguration.of(configuration);
        assertThatThrownBy(() -> conf.get("parallelism.default")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parallelism.default");
    }
}
