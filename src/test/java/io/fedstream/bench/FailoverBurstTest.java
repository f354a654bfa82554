package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailoverBurstTest {

    /** w0..w3 ran on dc-1 (failing), w4 on dc-2; dc-2 has 3/4 of the survivors' free room, dc-3 1/4. */
    private static FailoverBurst burst() {
        Map<String, String> placements = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) {
            placements.put("w" + i, "dc-1");
        }
        placements.put("w4", "dc-2");
        Map<String, Long> free = new LinkedHashMap<>();
        free.put("dc-2", 3_000L);
        free.put("dc-3", 1_000L);
        return new FailoverBurst("dc-1", placements, free);
    }

    @Test
    void oneCommandPerWorkloadSpreadByFreeRoomPasses() {
        FailoverBurst burst = burst();
        burst.command("w0", "dc-2", 10_100);
        burst.command("w1", "dc-2", 10_200);
        burst.command("w2", "dc-2", 10_300);
        assertThat(burst.complete()).isFalse();
        burst.command("w3", "dc-3", 11_500);
        assertThat(burst.complete()).isTrue();

        FailoverBurst.Result result = burst.result(10_000);

        assertThat(result.expected()).isEqualTo(4);
        assertThat(result.oneEach()).isTrue();
        assertThat(result.delays()).isEqualTo(new FailoverBurst.Delays(100, 100, 200, 1_500, 1_500, 1_500));
        assertThat(result.shares()).extracting(FailoverBurst.Share::cluster).containsExactly("dc-2", "dc-3");
        assertThat(result.shares().get(0).freeRoomPercent()).isEqualTo(75.0);
        assertThat(result.shares().get(0).commandPercent()).isEqualTo(75.0);
        assertThat(result.worstDeviationPoints()).isZero();
    }

    @Test
    void duplicatesMissingStrayCommandsAndALopsidedSpreadAreCounted() {
        FailoverBurst burst = burst();
        burst.command("w0", "dc-3", 10_100);
        burst.command("w0", "dc-3", 10_200); // twice
        burst.command("w1", "dc-3", 9_900); // before FAILED
        burst.command("w2", "dc-1", 10_300); // back to the failed cluster
        burst.command("w4", "dc-3", 10_400); // w4 ran on a survivor
        // w3: no command

        FailoverBurst.Result result = burst.result(10_000);

        assertThat(result.oneEach()).isFalse();
        assertThat(result.commands()).isEqualTo(4);
        assertThat(result.duplicates()).isEqualTo(1);
        assertThat(result.missing()).isEqualTo(1);
        assertThat(result.unexpected()).isEqualTo(1);
        assertThat(result.otherTargets()).isEqualTo(1);
        assertThat(result.delays().minMillis()).isEqualTo(-100);
        assertThat(result.delays().maxMillis()).isEqualTo(300);
        // Every command to a survivor went to dc-3, which had a quarter of the free room: 75 points over.
        assertThat(result.worstDeviationPoints()).isCloseTo(75.0, within(1e-9));
    }

    @Test
    void percentileIsTheNearestRank() {
        List<Long> sorted = new java.util.ArrayList<>();
        for (long i = 1; i <= 200; i++) {
            sorted.add(i);
        }
        assertThat(FailoverBurst.percentile(sorted, 0.99)).isEqualTo(198);
        assertThat(FailoverBurst.percentile(sorted, 0.5)).isEqualTo(100);
        assertThat(FailoverBurst.percentile(List.of(7L), 0.99)).isEqualTo(7);
    }

    @Test
    void theFailedClusterIsNoSurvivor() {
        assertThatThrownBy(() -> new FailoverBurst("dc-1", Map.of(), Map.of("dc-1", 1L)))
                .hasMessageContaining("freeRoom: names the failed cluster dc-1");
    }
}
