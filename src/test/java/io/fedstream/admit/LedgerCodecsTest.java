package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LedgerCodecsTest {

    private static final Charge CHARGE = Charge.of(new Demand(
            Resources.of(Map.of("cpu", 9_000L, "memory", 18L << 30, "nvidia.com/gpu", 2_000L)),
            Resources.of(Map.of("cpu", 18_000L)), 5, Placement.duplicated("member-1", "mémber-2")));

    @Test
    void quotasRoundTrip() {
        FederatedResourceQuota q = new FederatedResourceQuota("team-a", "q", Resources.of(Map.of("cpu", 10_000L, "limits.memory", 1L << 40)),
                List.of(new FederatedResourceQuota.StaticAssignment("member-1", Resources.of(Map.of("cpu", 4_000L))),
                        new FederatedResourceQuota.StaticAssignment("member-2", Resources.NONE)));
        assertThat(LedgerCodecs.QUOTA.decode(LedgerCodecs.QUOTA.encode(q))).isEqualTo(q);
    }

    @Test
    void usageRoundTripsIncludingExtremeNumbers() {
        NamespaceUsage u = new NamespaceUsage("team-a", Resources.of(Map.of("cpu", Long.MAX_VALUE, "memory", 1L)),
                new TreeMap<>(Map.of("member-1", Resources.of(Map.of("cpu", Long.MIN_VALUE)))), Long.MAX_VALUE, 0);
        assertThat(LedgerCodecs.USAGE.decode(LedgerCodecs.USAGE.encode(u))).isEqualTo(u);
        assertThat(LedgerCodecs.USAGE.decode(LedgerCodecs.USAGE.encode(NamespaceUsage.empty("x")))).isEqualTo(NamespaceUsage.empty("x"));
    }

    @Test
    void admittedAndPendingRoundTrip() {
        AdmittedWorkload a = new AdmittedWorkload("team-a", "flink.apache.org/FlinkDeployment/team-a/job", 7, Integer.MIN_VALUE, CHARGE);
        assertThat(LedgerCodecs.ADMITTED.decode(LedgerCodecs.ADMITTED.encode(a))).isEqualTo(a);

        PendingWorkload p = new PendingWorkload("team-a", "apps/Deployment/team-a/web", 3, 1000, 42, CHARGE, List.of(
                new Violation("team-a/q", null, "cpu", 10_000, 9_000, 9_000),
                new Violation("team-a/q", "member-1", "memory", 1, 0, 18L << 30),
                new Violation("team-a/q", "", "pods", 0, 0, 1)));
        assertThat(LedgerCodecs.PENDING.decode(LedgerCodecs.PENDING.encode(p))).isEqualTo(p);
    }

    @Test
    void encodingIsDeterministicAndCompact() {
        NamespaceUsage u = new NamespaceUsage("team-a", Resources.of(Map.of("cpu", 1_500L, "memory", 1L << 30)), new TreeMap<>(), 3, 4);
        assertThat(HexFormat.of().formatHex(LedgerCodecs.USAGE.encode(u)))
                .isEqualTo("01" + "0c7465616d2d61" + "04" + "06637075" + "b817" + "0c6d656d6f7279" + "8080808008" + "00" + "06" + "08");
        AdmittedWorkload a = new AdmittedWorkload("team-a", "apps/Deployment/team-a/web", 1, 0, CHARGE);
        assertThat(LedgerCodecs.ADMITTED.encode(a)).isEqualTo(LedgerCodecs.ADMITTED.encode(
                LedgerCodecs.ADMITTED.decode(LedgerCodecs.ADMITTED.encode(a))));
        assertThat(LedgerCodecs.ADMITTED.encode(a).length).isEqualTo(235);
    }

    @Test
    void refusesForeignTruncatedAndTrailingBytes() {
        byte[] good = LedgerCodecs.USAGE.encode(NamespaceUsage.empty("team-a"));
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(new byte[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a NamespaceUsage in ledger format 1");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(new byte[] {2, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a NamespaceUsage in ledger format 1");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(Arrays.copyOf(good, good.length - 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("corrupt NamespaceUsage");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(Arrays.copyOf(good, good.length + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("corrupt NamespaceUsage (13 bytes): 1 bytes left over");
        assertThatThrownBy(() -> LedgerCodecs.QUOTA.decode(new byte[] {1, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("impossible length");
    }

    @Test
    void queueKeysSortInQueueOrder() {
        PendingWorkload high = new PendingWorkload("ns", "k1", 1, Integer.MAX_VALUE, 9, Charge.NONE, List.of());
        PendingWorkload mid = new PendingWorkload("ns", "k2", 1, 0, 1, Charge.NONE, List.of());
        PendingWorkload midLater = new PendingWorkload("ns", "k3", 1, 0, 300, Charge.NONE, List.of());
        PendingWorkload low = new PendingWorkload("ns", "k4", 1, Integer.MIN_VALUE, 0, Charge.NONE, List.of());
        List<PendingWorkload> all = List.of(low, midLater, high, mid);

        assertThat(all.stream().sorted(PendingWorkload.QUEUE_ORDER).toList()).containsExactly(high, mid, midLater, low);
        assertThat(all.stream().sorted((x, y) -> x.queueKey().compareTo(y.queueKey())).toList()).containsExactly(high, mid, midLater, low);
        assertThat(mid.queueKey()).isEqualTo("ns/7fffffff0000000000000001");
    }
}
