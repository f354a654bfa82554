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

    @Test
    void aFlatKeyWinsOverTheSameNestedOneWhereverItIsWritten() throws Exception {
        Problems problems = new Problems();
        Cursor configuration = Cursor.root(new ObjectMapper().readTree("""
                {"taskmanager.numberOfTaskSlots": 3, "taskmanager": {"numberOfTaskSlots": 2, "cpu": {"cores": 1.5}},
                 "kubernetes": {"jobmanager.cpu": 1}, "kubernetes.jobmanager": {"cpu": 2}}"""), "spec.flinkConfiguration", problems);
        FlinkConfiguration conf = FlinkConfiguration.of(configuration);
        assertThat(conf.positiveInt("taskmanager.numberOfTaskSlots", 1)).isEqualTo(3);
        assertThat(conf.get("taskmanager.numberOfTaskSlots").path()).isEqualTo("spec.flinkConfiguration[taskmanager.numberOfTaskSlots]");
        assertThat(conf.get("taskmanager.cpu.cores").path()).isEqualTo("spec.flinkConfiguration.taskmanager.cpu.cores");
        assertThat(conf.get("kubernetes.jobmanager.cpu").path()).isEqualTo("spec.flinkConfiguration[kubernetes.jobmanager].cpu");
        assertThat(conf.get("high-availability.type")).isNull();
        assertThat(problems.isEmpty()).isTrue();
    }

    @Test
    void aConfigurationThatIsNoMappingIsAnError() throws Exception {
        Problems problems = new Problems();
        FlinkConfiguration conf = FlinkConfiguration.of(
                Cursor.root(new ObjectMapper().readTree("\"x\""), "spec.flinkConfiguration", problems));
        assertThat(conf.get("taskmanager.numberOfTaskSlots")).isNull();
        assertThat(problems.list()).singleElement().satisfies(e -> assertThat(e.toString()).contains("must be a mapping"));
    }
}
