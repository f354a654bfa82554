package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CompletionsTest {

    @Test
    void steadyRateLeavesOutTheStartAndTheTail() {
        Completions completions = new Completions(11);
        // A slow start (index 0 at 0 ms), ten per second in between (index 1..9), a late straggler (index 10).
        completions.add(0);
        for (int i = 1; i <= 9; i++) {
            completions.add(10_000 + (i - 1) * 100L);
        }
        completions.add(60_000);

        // 10% of 10 is index 1 (10,000 ms), 90% is index 9 (10,800 ms): 8 items in 0.8 s.
        assertThat(completions.steadyRate(0.1, 0.9)).hasValue(10.0);
        assertThat(completions.spanMillis(0.1, 0.9)).isEqualTo(800);
        assertThat(completions.first()).isZero();
        assertThat(completions.last()).isEqualTo(60_000);
    }

    @Test
    void completionsArriveInAnyOrder() {
        Completions completions = new Completions(3);
        completions.add(2_000);
        completions.add(0);
        completions.add(1_000);

        assertThat(completions.steadyRate(0, 1)).hasValue(1.0);
        assertThat(completions.first()).isZero();
    }

    @Test
    void noRateWhenTheWindowFallsInOneMillisecond() {
        Completions completions = new Completions(10);
        for (int i = 0; i < 10; i++) {
            completions.add(5);
        }

        assertThat(completions.steadyRate(0.1, 0.9)).isEmpty();
    }

    @Test
    void aRateNeedsEveryItemAndMoreThanExpectedIsRefused() {
        Completions completions = new Completions(2);
        completions.add(1);

        assertThatThrownBy(() -> completions.steadyRate(0.1, 0.9)).hasMessage("1 of 2 items completed; the rate needs all");
        completions.add(2);
        assertThatThrownBy(() -> completions.add(3)).hasMessage("more than the 2 expected items completed");
    }
}
