package io.fedstream.interpret.kinds;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Flink memory strings: Flink's MemorySize units in any case and spacing, else a Kubernetes quantity. */
class FlinkMemoryTest {

    private static final long MIB = 1L << 20;

    @Test
    void readsFlinkUnitsOfOneLetterInEitherCase() {
        assertThat(FlinkMemory.parseResourceMemory("4096m")).isEqualTo(4096 * MIB);
        assertThat(FlinkMemory.parseResourceMemory("4096M")).isEqualTo(4096 * MIB);
        assertThat(FlinkMemory.parseResourceMemory("16g")).isEqualTo(16L << 30);
        assertThat(FlinkMemory.parseResourceMemory("16G")).isEqualTo(16L << 30);
        assertThat(FlinkMemory.parseResourceMemory("2t")).isEqualTo(2L << 40);
        assertThat(FlinkMemory.parseResourceMemory("512k")).isEqualTo(512L << 10);
        assertThat(FlinkMemory.parseResourceMemory("512K")).isEqualTo(512L << 10);
        assertThat(FlinkMemory.parseResourceMemory("100b")).isEqualTo(100);
        assertThat(FlinkMemory.parseResourceMemory("100B")).isEqualTo(100);
        assertThat(FlinkMemory.parseResourceMemory("1073741824")).isEqualTo(1L << 30);
    }

    @Test
    void readsLongerFlinkUnitsAndSpaces() {
        assertThat(FlinkMemory.parseResourceMemory(" 2 gb ")).isEqualTo(2L << 30);
        assertThat(FlinkMemory.parseResourceMemory("2 m")).isEqualTo(2 * MIB);
        assertThat(FlinkMemory.parseResourceMemory("3 MEBIBYTES")).isEqualTo(3 * MIB);
        assertThat(FlinkMemory.parseMemorySize("1600m")).isEqualTo(1600 * MIB);
    }

    @Test
    void readsKubernetesQuantitiesAfterTheOperatorsNormalisation() {
        assertThat(FlinkMemory.parseResourceMemory("2Gi")).isEqualTo(2L << 30);
        assertThat(FlinkMemory.parseResourceMemory("2GI")).isEqualTo(2L << 30);
        assertThat(FlinkMemory.parseResourceMemory("1e3")).isEqualTo(1000);
        assertThatThrownBy(() -> FlinkMemory.parseResourceMemory("1.5Gi")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bytes in the Flink operator");
        assertThatThrownBy(() -> FlinkMemory.parseResourceMemory("2x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is neither Flink memory");
        assertThatThrownBy(() -> FlinkMemory.parseMemorySize("2Gi")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesWhatDoesNotFitALong() {
        assertThatThrownBy(() -> FlinkMemory.parseResourceMemory("99999999999999999999m"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("does not fit a 64-bit number of bytes");
        assertThatThrownBy(() -> FlinkMemory.parseResourceMemory("9999999999999t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("does not fit a 64-bit number of bytes");
    }
}
