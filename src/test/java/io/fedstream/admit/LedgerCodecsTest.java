package io.fedstream.admit;

import io.fedstream.avro.ClusterAmounts;
import io.fedstream.avro.NamespaceUsageRecord;
import io.fedstream.avro.ResourceAmount;
import io.fedstream.interpret.Resources;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.fedstream.admit.Demands.duplicated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LedgerCodecsTest {

    private static final Charge CHARGE = Charge.of(new Demand(
            Resources.of(Map.of("cpu", 9_000L, "memory", 18L << 30, "nvidia.com/gpu", 2_000L)),
            Resources.of(Map.of("cpu", 18_000L)), 5, duplicated("member1", "mémber-2")));

    /** A NamespaceUsage as the varint codec of format 1 wrote it: team-a, cpu 1500m, memory 1Gi, admitted 3, next sequence 4. */
    private static final String VARINT_USAGE = "01" + "0c7465616d2d61" + "04" + "06637075" + "b817" + "0c6d656d6f7279" + "8080808008" + "00" + "06" + "08";

    @Test
    void quotasRoundTrip() {
        FederatedResourceQuota q = new FederatedResourceQuota("team-ä", "q", Resources.of(Map.of("cpu", 10_000L, "limits.memory", 1L << 40, "pods", 0L)),
                List.of(new FederatedResourceQuota.StaticAssignment("member2", Resources.of(Map.of("cpu", 4_000L))),
                        new FederatedResourceQuota.StaticAssignment("member1", Resources.NONE)));
        assertThat(LedgerCodecs.QUOTA.decode(LedgerCodecs.QUOTA.encode(q))).isEqualTo(q);
        FederatedResourceQuota empty = new FederatedResourceQuota("team-a", "none", Resources.NONE, List.of());
        assertThat(LedgerCodecs.QUOTA.decode(LedgerCodecs.QUOTA.encode(empty))).isEqualTo(empty);
    }

    @Test
    void usageRoundTripsIncludingExtremeNumbers() {
        NamespaceUsage u = new NamespaceUsage("team-a", Resources.of(Map.of("cpu", Long.MAX_VALUE, "memory", 1L)),
                new TreeMap<>(Map.of("member1", Resources.of(Map.of("cpu", Long.MIN_VALUE)), "mémber-2", Resources.of(Map.of("hugepages-2Mi", 1L << 62)))),
                Long.MAX_VALUE, 0);
        assertThat(LedgerCodecs.USAGE.decode(LedgerCodecs.USAGE.encode(u))).isEqualTo(u);
        assertThat(LedgerCodecs.USAGE.decode(LedgerCodecs.USAGE.encode(NamespaceUsage.empty("x")))).isEqualTo(NamespaceUsage.empty("x"));
    }

    @Test
    void admittedAndPendingRoundTrip() {
        AdmittedWorkload a = new AdmittedWorkload("team-a", "flink.apache.org/FlinkDeployment/team-a/job", 7, Integer.MIN_VALUE, CHARGE);
        assertThat(LedgerCodecs.ADMITTED.decode(LedgerCodecs.ADMITTED.encode(a))).isEqualTo(a);
        AdmittedWorkload free = new AdmittedWorkload("team-a", "apps/Deployment/team-a/idle", Long.MAX_VALUE, Integer.MAX_VALUE, Charge.NONE);
        assertThat(LedgerCodecs.ADMITTED.decode(LedgerCodecs.ADMITTED.encode(free))).isEqualTo(free);

        PendingWorkload p = new PendingWorkload("team-a", "apps/Deployment/team-a/web", 3, 1000, 42, CHARGE, List.of(
                new Violation("team-a/q", null, "cpu", 10_000, 9_000, 9_000),
                new Violation("team-a/q", "member1", "memory", 1, 0, 18L << 30),
                new Violation("team-a/q", "", "pods", 0, Long.MIN_VALUE, Long.MAX_VALUE)));
        assertThat(LedgerCodecs.PENDING.decode(LedgerCodecs.PENDING.encode(p))).isEqualTo(p);
        PendingWorkload nothing = new PendingWorkload("team-a", "apps/Deployment/team-a/web", 0, 0, 0, Charge.NONE, List.of());
        assertThat(LedgerCodecs.PENDING.decode(LedgerCodecs.PENDING.encode(nothing))).isEqualTo(nothing);
    }

    @Test
    void aggregatesRoundTrip() {
        Aggregate a = new Aggregate(3, Long.MAX_VALUE, Resources.of(Map.of("cpu", 1L, "memory", Long.MAX_VALUE, "example.com/fpga", 2_000L)));
        assertThat(LedgerCodecs.AGGREGATE.decode(LedgerCodecs.AGGREGATE.encode(a))).isEqualTo(a);
        assertThat(LedgerCodecs.AGGREGATE.decode(LedgerCodecs.AGGREGATE.encode(Aggregate.NONE))).isEqualTo(Aggregate.NONE);
    }

    @Test
    void encodingIsTheFormatByteThenAvroBinary() {
        NamespaceUsage u = new NamespaceUsage("team-a", Resources.of(Map.of("cpu", 1_500L, "memory", 1L << 30)), new TreeMap<>(), 3, 4);
        // namespace, overall (one block of 2 entries, then the end of the array), clusters (empty), admitted, nextSequence
        assertThat(HexFormat.of().formatHex(LedgerCodecs.USAGE.encode(u)))
                .isEqualTo("02" + "0c7465616d2d61" + "04" + "06637075" + "b817" + "0c6d656d6f7279" + "8080808008" + "00" + "00" + "06" + "08");
    }

    @Test
    void equalValuesEncodeToEqualBytesWhateverTheOrderTheirMapsWereBuiltIn() {
        Map<String, Long> forward = new LinkedHashMap<>();
        forward.put("cpu", 1_500L);
        forward.put("memory", 1L << 30);
        forward.put("pods", 2_000L);
        Map<String, Long> backward = new LinkedHashMap<>();
        backward.put("pods", 2_000L);
        backward.put("memory", 1L << 30);
        backward.put("cpu", 1_500L);
        TreeMap<String, Resources> clustersForward = new TreeMap<>();
        clustersForward.put("member1", Resources.of(forward));
        clustersForward.put("member2", Resources.of(backward));
        TreeMap<String, Resources> clustersBackward = new TreeMap<>(Comparator.reverseOrder());
        clustersBackward.put("member2", Resources.of(forward));
        clustersBackward.put("member1", Resources.of(backward));

        NamespaceUsage one = new NamespaceUsage("team-a", Resources.of(forward), clustersForward, 2, 9);
        NamespaceUsage other = new NamespaceUsage("team-a", Resources.of(backward), clustersBackward, 2, 9);
        assertThat(LedgerCodecs.USAGE.encode(other)).isEqualTo(LedgerCodecs.USAGE.encode(one));
        assertThat(LedgerCodecs.USAGE.encode(LedgerCodecs.USAGE.decode(LedgerCodecs.USAGE.encode(one)))).isEqualTo(LedgerCodecs.USAGE.encode(one));

        Charge charge = new Charge(Resources.of(backward), clustersBackward);
        assertThat(LedgerCodecs.ADMITTED.encode(new AdmittedWorkload("team-a", "k", 1, 0, charge)))
                .isEqualTo(LedgerCodecs.ADMITTED.encode(new AdmittedWorkload("team-a", "k", 1, 0, new Charge(Resources.of(forward), clustersForward))));
        assertThat(LedgerCodecs.AGGREGATE.encode(new Aggregate(1, 2, Resources.of(backward))))
                .isEqualTo(LedgerCodecs.AGGREGATE.encode(new Aggregate(1, 2, Resources.of(forward))));
    }

    @Test
    void refusesTheVarintFormatNamingTheType() {
        byte[] varint = HexFormat.of().parseHex(VARINT_USAGE);
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(varint))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("NamespaceUsage in ledger format 1 (the varint encoding of fedstream before its ledger was Avro), which this"
                        + " version does not read: start it with a fresh application.id, or reset the application with kafka-streams-application-reset");
        assertThatThrownBy(() -> LedgerCodecs.QUOTA.decode(varint)).hasMessageStartingWith("FederatedResourceQuota in ledger format 1 ");
        assertThatThrownBy(() -> LedgerCodecs.ADMITTED.decode(varint)).hasMessageStartingWith("AdmittedWorkload in ledger format 1 ");
        assertThatThrownBy(() -> LedgerCodecs.PENDING.decode(varint)).hasMessageStartingWith("PendingWorkload in ledger format 1 ");
        assertThatThrownBy(() -> LedgerCodecs.AGGREGATE.decode(varint)).hasMessageStartingWith("Aggregate in ledger format 1 ");
    }

    @Test
    void refusesForeignTruncatedAndTrailingBytes() {
        byte[] good = LedgerCodecs.USAGE.encode(NamespaceUsage.empty("team-a"));
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(new byte[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a NamespaceUsage in ledger format 2: no bytes");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(new byte[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a NamespaceUsage in ledger format 2 (format byte 0)");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(Arrays.copyOf(good, good.length - 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("corrupt NamespaceUsage (11 bytes): truncated");
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(Arrays.copyOf(good, good.length + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("corrupt NamespaceUsage (13 bytes): 1 bytes left over");
        assertThatThrownBy(() -> LedgerCodecs.QUOTA.decode(new byte[] {2, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("corrupt FederatedResourceQuota (6 bytes): Cannot read strings longer");
    }

    @Test
    void refusesAmountsAndClustersThatAreNotSortedOrRepeat() {
        List<ResourceAmount> unsorted = List.of(new ResourceAmount("memory", 1L), new ResourceAmount("cpu", 1L));
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(stored(new NamespaceUsageRecord("team-a", unsorted, List.of(), 0L, 0L))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("overall: resource 'cpu' after 'memory' (amounts must be sorted by resource, each resource once)");
        List<ClusterAmounts> repeated = List.of(new ClusterAmounts("member1", List.of(new ResourceAmount("cpu", 1L))),
                new ClusterAmounts("member1", List.of(new ResourceAmount("cpu", 2L))));
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(stored(new NamespaceUsageRecord("team-a", List.of(), repeated, 0L, 0L))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("clusters: cluster 'member1' after 'member1' (clusters must be sorted, each cluster once)");
        List<ClusterAmounts> twice = List.of(new ClusterAmounts("member1", List.of(new ResourceAmount("cpu", 1L), new ResourceAmount("cpu", 2L))));
        assertThatThrownBy(() -> LedgerCodecs.USAGE.decode(stored(new NamespaceUsageRecord("team-a", List.of(), twice, 0L, 0L))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("corrupt NamespaceUsage (")
                .hasMessageEndingWith("clusters[member1].amounts: resource 'cpu' after 'cpu' (amounts must be sorted by resource, each resource once)");
    }

    @Test
    void queueKeysSortInQueueOrder() {
        PendingWorkload high = new PendingWorkload("ns", "k1", 1, Integer.MAX_VALUE, 9, Charge.NONE, List.of());
        PendingWorkload mid = new PendingWorkload("ns", "k2", 1, 0, 1, Charge.NONE, List.of());
        PendingWorkload midLater = new PendingWorkload("ns", "k3", 1, 0, 300, Charge.NONE, List.of());
        PendingWorkload low = new PendingWorkload("ns", "k4", 1, Integer.MIN_VALUE, 0, Charge.NONE, List.of());
        List<PendingWorkload> all = List.of(low, midLater, high, mid);

        assertThat(all.stream().sorted((x, y) -> x.queueKey().compareTo(y.queueKey())).toList()).containsExactly(high, mid, midLater, low);
        assertThat(mid.queueKey()).isEqualTo("ns/7fffffff0000000000000001");
    }

    /** A record as a store would hold it, written without the codec's mapping, which never writes such records. */
    @SuppressWarnings("unchecked")
    private static <R extends SpecificRecord> byte[] stored(R record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(LedgerCodecs.FORMAT);
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        try {
            new SpecificDatumWriter<>((Class<R>) record.getClass()).write(record, encoder);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }
}
