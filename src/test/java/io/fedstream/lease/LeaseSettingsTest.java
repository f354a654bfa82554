package io.fedstream.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseSettingsTest {

    @Test
    void aChunkIsCountedUntilItsBucketEndsPlusTheTtlAndUsableUntilItsBucketStartsPlusHalfOfIt() {
        LeaseSettings settings = LeaseSettings.defaults(6);

        assertThat(settings.bucketOf(1_800_000_009_999L)).isEqualTo(180_000_000L);
        assertThat(settings.bucketOf(1_800_000_010_000L)).isEqualTo(180_000_001L);
        assertThat(settings.countedUntil(180_000_000L)).isEqualTo(1_800_000_010_000L + 300_000L);
        assertThat(settings.usableUntil(180_000_000L)).isEqualTo(1_800_000_000_000L + 150_000L);
        assertThat(settings.answerTimeoutMs()).isEqualTo(150_000L);
    }

    @Test
    void aPodPlacedUnderAChunkStaysCountedAtLeastHalfTheTtl() {
        LeaseSettings settings = withoutOffers(Duration.ofMillis(7), Duration.ofMillis(100), BigDecimal.ZERO, 1);
        for (long grantedAt = 0; grantedAt < 50; grantedAt++) {
            long bucket = settings.bucketOf(grantedAt);
            for (long placedAt = grantedAt; placedAt < settings.usableUntil(bucket); placedAt++) {
                assertThat(settings.countedUntil(bucket) - placedAt).isGreaterThanOrEqualTo(50);
            }
            assertThat(settings.usableUntil(bucket)).as("usable when granted").isGreaterThan(grantedAt);
        }
    }

    @Test
    void termsThatCannotWorkAreRefused() {
        assertThatThrownBy(() -> withoutOffers(Duration.ofSeconds(150), Duration.ofMinutes(5), BigDecimal.ZERO, 1))
                .hasMessage("bucket must be shorter than half the ttl (value: PT2M30S, ttl PT5M)");
        assertThatThrownBy(() -> withoutOffers(Duration.ZERO, Duration.ofMinutes(5), BigDecimal.ZERO, 1))
                .hasMessage("bucket must be positive (value: PT0S)");
        assertThatThrownBy(() -> withoutOffers(Duration.ofSeconds(1), Duration.ofMinutes(5), new BigDecimal("1.5"), 1))
                .hasMessage("headroomMax must be between 0 and 1 (value: 1.5)");
        assertThatThrownBy(() -> withoutOffers(Duration.ofSeconds(1), Duration.ofMinutes(5), BigDecimal.ZERO, 0))
                .hasMessage("partitions must be at least 1 (value: 0)");
    }

    private static LeaseSettings withoutOffers(Duration bucket, Duration ttl, BigDecimal headroomMax, int partitions) {
        return new LeaseSettings(bucket, ttl, headroomMax, partitions, BigDecimal.ZERO);
    }
}
