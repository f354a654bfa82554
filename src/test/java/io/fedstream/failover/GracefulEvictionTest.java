package io.fedstream.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.PurgeMode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Karmada's moment to purge an evicted copy ({@code evictiontask.go} {@code assessSingleTask}), by purge mode. */
class GracefulEvictionTest {

    private static final Instant EVICTED = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void directlyPurgesAtOnce() {
        assertThat(GracefulEviction.purgeNow(PurgeMode.Directly, null, EVICTED, EVICTED, null))
                .hasValue("purgeMode Directly: the copy goes with the eviction");
    }

    @Test
    void neverKeepsTheCopyHealthyOrNotAndHoweverLong() {
        assertThat(GracefulEviction.purgeNow(PurgeMode.Never, 600, EVICTED, EVICTED.plusSeconds(6000), "dc-2")).isEmpty();
    }

    @Test
    void gracefullyWaitsWhileTheNewCopyIsNotHealthyAndTheGracePeriodRuns() {
        assertThat(GracefulEviction.purgeNow(PurgeMode.Gracefully, 600, EVICTED, EVICTED.plusSeconds(599), null)).isEmpty();
    }

    @Test
    void gracefullyPurgesOnceTheNewCopyIsHealthy() {
        assertThat(GracefulEviction.purgeNow(PurgeMode.Gracefully, 600, EVICTED, EVICTED.plusSeconds(30), "dc-2"))
                .hasValue("purgeMode Gracefully: the new copy is healthy on dc-2");
    }

    @Test
    void gracefullyPurgesWhenTheGracePeriodHasPassedHealthyOrNot() {
        assertThat(GracefulEviction.purgeNow(PurgeMode.Gracefully, 600, EVICTED, EVICTED.plusSeconds(600), null))
                .hasValue("purgeMode Gracefully: gracePeriodSeconds 600 passed since the eviction");
        assertThat(GracefulEviction.purgeNow(PurgeMode.Gracefully, null, EVICTED, EVICTED, null))
                .as("no grace period: nothing to wait for").hasValue("purgeMode Gracefully: gracePeriodSeconds 0 passed since the eviction");
    }

    @Test
    void aMissingPurgeModeIsNamed() {
        assertThatThrownBy(() -> GracefulEviction.purgeNow(null, 600, EVICTED, EVICTED, null)).hasMessage("purgeMode");
    }
}
