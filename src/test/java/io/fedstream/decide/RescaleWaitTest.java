package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The back-off of a re-scale that finds no schedule, and the store value it is kept as. */
class RescaleWaitTest {

    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

    @Test
    void theBackOffDoublesFromTheRetryIntervalUpToFiveMinutes() {
        assertThat(IntStream.rangeClosed(1, 8).mapToLong(n -> RescaleWait.backingOff(7, n, 1_000, TEN_SECONDS).dueAt() - 1_000))
                .containsExactly(10_000L, 20_000L, 40_000L, 80_000L, 160_000L, 300_000L, 300_000L, 300_000L);
        assertThat(RescaleWait.backingOff(7, Integer.MAX_VALUE, 0, TEN_SECONDS).dueAt()).as("no overflow").isEqualTo(300_000);
    }

    @Test
    void theStoreValueRoundTripsAndAPlacementsEmptyValueIsNoReScale() {
        RescaleWait wait = new RescaleWait(12, 4, 1_764_410_400_000L);
        assertThat(wait.encoded()).isEqualTo("rescale/12/4/1764410400000");
        assertThat(RescaleWait.parse(wait.encoded())).isEqualTo(wait);
        assertThat(RescaleWait.parse("")).isNull();
        assertThat(RescaleWait.parse(null)).isNull();
        assertThatThrownBy(() -> RescaleWait.parse("rescale/12/4")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a re-scale wait reads rescale/<generation>/<retries>/<dueAt> (value: rescale/12/4)");
    }
}
