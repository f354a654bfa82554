package io.fedstream.failover;

import io.fedstream.avro.DeltaRange;
import org.junit.jupiter.api.Test;

import static io.fedstream.failover.Fixtures.DELTAS;
import static io.fedstream.failover.Fixtures.checkpoint;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeltaLogTest {

    private static DeltaRange range(int partition, long from, long to, long bytes, long records) {
        return DeltaRange.newBuilder().setTopic(DELTAS).setPartition(partition).setFromOffsetExclusive(from)
                .setToOffsetInclusive(to).setBytes(bytes).setRecords(records).build();
    }

    private static DeltaLog log(int partition, long... offsetsAndBytes) {
        DeltaLog log = new DeltaLog(DELTAS);
        for (int i = 0; i < offsetsAndBytes.length; i += 2) {
            log.append(partition, offsetsAndBytes[i], offsetsAndBytes[i + 1]);
        }
        return log;
    }

    @Test
    void theRangeStartsAfterTheCheckpointAndSumsExactlyTheBytesAfterIt() {
        DeltaLog log = log(3, 10, 100, 14, 250, 15, 1, 30, 4096);

        assertThat(log.rangeAfter(checkpoint(7, 1_000_000, 3, 14L))).contains(range(3, 14, 30, 4097, 2));
    }

    @Test
    void theCheckpointOffsetNeedNotBeADeltaOfThisWorkload() {
        // The partition is shared with other workloads, so the checkpoint may cover an offset between ours.
        DeltaLog log = log(0, 10, 100, 20, 200);
        assertThat(log.rangeAfter(checkpoint(1, 5, 0, 12L))).contains(range(0, 12, 20, 200, 1));
    }

    @Test
    void nothingToReplayWhenTheCheckpointCoversTheLastDelta() {
        DeltaLog log = log(3, 10, 100, 14, 250);
        assertThat(log.rangeAfter(checkpoint(7, 1000, 3, 14L))).isEmpty();
        assertThat(log.rangeAfter(checkpoint(8, 1000, 3, 99L))).isEmpty();
        assertThat(new DeltaLog(DELTAS).rangeAfter(checkpoint(1, 10, null, null))).isEmpty();
    }

    @Test
    void aCheckpointOnAnotherPartitionIsRefused() {
        DeltaLog log = log(3, 10, 100);
        assertThatThrownBy(() -> log.rangeAfter(checkpoint(7, 1000, 4, 5L)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("covers partition 4 but this workload's deltas are on partition 3");
    }

    @Test
    void aCheckpointThatDoesNotSayWhatItCoversIsRefusedWhenDeltasExist() {
        DeltaLog log = log(3, 10, 100);
        assertThatThrownBy(() -> log.rangeAfter(checkpoint(7, 1000, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not say which deltas it covers");
    }

    @Test
    void offsetsGoingBackwardsAreRefused() {
        DeltaLog log = log(3, 10, 100, 14, 250);
        assertThatThrownBy(() -> log.append(3, 12, 5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("delta offsets went backwards: 12 after 14");
        assertThatThrownBy(() -> log.append(3, 14, 7)).hasMessage("delta offsets went backwards: 14 after 14");
    }

    @Test
    void reReadingTheLastDeltaAfterARestartChangesNothing() {
        DeltaLog log = log(3, 10, 100, 14, 250);
        log.append(3, 14, 250);
        assertThat(log.rangeFromStart()).contains(range(3, -1, 14, 350, 2));
    }

    @Test
    void deltasOnASecondPartitionAreRefused() {
        DeltaLog log = log(3, 10, 100);
        assertThatThrownBy(() -> log.append(4, 11, 1)).hasMessageContaining("is not on partition 3");
    }

    @Test
    void negativeSizesAreRefused() {
        assertThatThrownBy(() -> new DeltaLog(DELTAS).append(0, 1, -1)).hasMessageContaining("negative size");
    }

    @Test
    void truncationDropsCoveredDeltasAndForbidsGoingBackBelowIt() {
        DeltaLog log = log(3, 10, 100, 14, 250, 15, 1, 30, 4096);
        log.truncateThrough(15);

        assertThat(log.rangeAfter(checkpoint(9, 5000, 3, 15L))).contains(range(3, 15, 30, 4096, 1));
        assertThatThrownBy(() -> log.rangeAfter(checkpoint(7, 1000, 3, 10L)))
                .hasMessageContaining("deltas through 15 were already dropped");
        assertThatThrownBy(() -> log.append(3, 12, 1)).hasMessage("delta offsets went backwards: 12 after 30");
        assertThatThrownBy(log::rangeFromStart).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void truncatingEverythingStillRefusesOffsetsBelowTheTruncation() {
        DeltaLog log = log(3, 10, 100);
        log.truncateThrough(20);
        assertThatThrownBy(() -> log.append(3, 20, 1)).hasMessage("delta offsets went backwards: 20 after 20");
        log.append(3, 21, 1);
        assertThat(log.rangeAfter(checkpoint(2, 1, 3, 20L))).contains(range(3, 20, 21, 1, 1));
    }

    @Test
    void aFullReplayWithoutCheckpointStartsBeforeTheFirstOffset() {
        assertThat(log(0, 0, 7, 1, 8).rangeFromStart()).contains(range(0, -1, 1, 15, 2));
        assertThat(new DeltaLog(DELTAS).rangeFromStart()).isEmpty();
    }

    @Test
    void byteSumsThatOverflowFailInsteadOfWrapping() {
        DeltaLog log = log(0, 1, Long.MAX_VALUE, 2, 1);
        assertThatThrownBy(log::rangeFromStart).isInstanceOf(ArithmeticException.class);
    }
}
