package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuUseTest {

    @Test
    void theUseOfAWindowIsTheDifferenceOfItsSamplesPerItem() {
        CpuUse used = new CpuUse(5_000, 1_200).since(new CpuUse(1_000, 200));

        assertThat(used).isEqualTo(new CpuUse(4_000, 1_000));
        assertThat(used.totalPer(2_000)).isEqualTo(2.5);
        assertThat(used.describePer(2_000)).isEqualTo("2.50 ms (app 2.00, broker 0.50)");
    }

    @Test
    void aSampleTheOsCouldNotGiveMakesTheWindowUnknown() {
        CpuUse used = new CpuUse(5_000, -1).since(new CpuUse(1_000, 200));

        assertThat(used.known()).isFalse();
        assertThat(used.describePer(2_000)).isEqualTo("unknown");
    }
}
