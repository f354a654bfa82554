package io.fedstream.failover;

import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationStrategy;
import org.junit.jupiter.api.Test;

import static io.fedstream.failover.Fixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RelayReportTest {

    private static MigrationCommand command(long incremental, long full) {
        return MigrationCommand.newBuilder().setCommandId("w/i/1").setIncidentId("i").setWorkloadKey("w")
                .setSourceCluster("member1").setTargetCluster("member2").setStrategy(MigrationStrategy.CHECKPOINT)
                .setIncrementalBytes(incremental).setFullStateBytes(full).setIssuedAt(T0).build();
    }

    @Test
    void oneMigrationReportsItsOwnBytes() {
        RelayReport r = RelayReport.of(command(6_500, 1_000_000));
        assertThat(r).isEqualTo(new RelayReport(1, 6_500, 1_000_000));
        assertThat(r.ratio().getAsDouble()).isCloseTo(0.0065, within(1e-12));
    }

    @Test
    void theAggregateSumsEveryMigration() {
        RelayReport r = RelayReport.EMPTY.plus(command(6_500, 1_000_000)).plus(command(0, 2_000)).plus(command(3_500, 0));
        assertThat(r).isEqualTo(new RelayReport(3, 10_000, 1_002_000));
        assertThat(r.ratio().getAsDouble()).isCloseTo(10_000d / 1_002_000d, within(1e-12));
    }

    @Test
    void withoutFullStateThereIsNoRatio() {
        assertThat(RelayReport.EMPTY.ratio()).isEmpty();
        assertThat(RelayReport.of(command(100, 0)).ratio()).isEmpty();
    }

    @Test
    void sumsThatOverflowFail() {
        assertThatThrownBy(() -> RelayReport.of(command(Long.MAX_VALUE, 0)).plus(command(1, 0)))
                .isInstanceOf(ArithmeticException.class);
    }
}
