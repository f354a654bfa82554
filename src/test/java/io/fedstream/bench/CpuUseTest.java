package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuUseTest {

    @Test
    void theUseOfAWindowIsTheDifferenceOfItsSamplesPerItem() {
        CpuUse used = new CpuUse(5_000, 1_200, ThreadCpu.UNKNOWN).since(new CpuUse(1_000, 200, ThreadCpu.UNKNOWN), new ThreadCpu(1_000, 200));

        assertThat(used).isEqualTo(new CpuUse(4_000, 1_000, new ThreadCpu(1_000, 200)));
        assertThat(used.totalPer(2_000)).isEqualTo(2.5);
        assertThat(used.describePer(2_000, "workload"))
                .isEqualTo("2.50 ms of CPU a workload from running to done: app 2.00 (JIT 0.50, GC 0.10), broker 0.50");
    }

    @Test
    void aSampleTheOsCouldNotGiveMakesTheWindowUnknown() {
        CpuUse used = new CpuUse(5_000, -1, ThreadCpu.UNKNOWN).since(new CpuUse(1_000, 200, ThreadCpu.UNKNOWN), ThreadCpu.UNKNOWN);

        assertThat(used.known()).isFalse();
        assertThat(used.describePer(2_000, "record")).isEqualTo("CPU use unknown");
    }

    @Test
    void threadsWhoseCpuIsNotKnownLeaveOutTheSplit() {
        CpuUse used = new CpuUse(5_000, 1_200, ThreadCpu.UNKNOWN).since(new CpuUse(1_000, 200, ThreadCpu.UNKNOWN), ThreadCpu.UNKNOWN);

        assertThat(used.describePer(2_000, "record")).isEqualTo("2.50 ms of CPU a record from running to done: app 2.00, broker 0.50");
    }

    @Test
    void aStartIsTheAppsCpuFromLaunchToRunningInSeconds() {
        assertThat(CpuUse.describeStart(3_104)).isEqualTo("3.10 s of CPU from launch to running");
        assertThat(CpuUse.describeStart(-1)).isEqualTo("CPU from launch to running unknown");
    }
}
