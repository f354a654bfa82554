package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.fedstream.admit.Demands.demand;
import static io.fedstream.admit.Demands.duplicated;
import static io.fedstream.admit.Demands.placed;
import static io.fedstream.admit.Demands.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class ChargeTest {

    /** A FlinkDeployment-like workload: 1 JobManager (1 cpu, 2Gi) and 4 TaskManagers (2 cpu, 4Gi): 9 cpu, 18Gi, 5 pods. */
    private static final Resources FLINK = Resources.fromQuantities(Map.of("cpu", "9", "memory", "18Gi"));

    private static Resources r(String... pairs) {
        TreeMap<String, String> q = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            q.put(pairs[i], pairs[i + 1]);
        }
        return Resources.fromQuantities(q);
    }

    @Test
    void unplacedIsChargedOnceWithRequestsLimitsAndPods() {
        Charge c = Charge.of(new Demand(FLINK, r("cpu", "18", "memory", "18Gi", "nvidia.com/gpu", "1"), 5, null));

        assertThat(c.overall().toQuantities()).containsExactly(
                entry("cpu", "9"), entry("limits.cpu", "18"), entry("limits.memory", "18Gi"), entry("memory", "18Gi"),
                entry("pods", "5"));
        assertThat(c.clusters()).isEmpty();
    }

    @Test
    void limitsMayAlreadyCarryTheirPrefixAndRequestsKeysAreNormalised() {
        Charge c = Charge.of(new Demand(r("requests.cpu", "1", "requests.nvidia.com/gpu", "2", "hugepages-2Mi", "2Mi"),
                r("limits.ephemeral-storage", "1Gi"), 1, null));

        assertThat(c.overall().toQuantities()).containsExactly(
                entry("cpu", "1"), entry("hugepages-2Mi", "2Mi"), entry("limits.ephemeral-storage", "1Gi"),
                entry("nvidia.com/gpu", "2"), entry("pods", "1"));
    }

    @Test
    void duplicatedChargesAFullCopyPerPlacedCluster() {
        Charge c = Charge.of(placed(demand(FLINK, 5), duplicated("member1", "member2", "member3")));

        assertThat(c.overall().toQuantities()).containsExactly(entry("cpu", "27"), entry("memory", "54Gi"), entry("pods", "15"));
        assertThat(c.clusters()).containsOnlyKeys("member1", "member2", "member3");
        assertThat(c.cluster("member2").toQuantities()).containsExactly(entry("cpu", "9"), entry("memory", "18Gi"), entry("pods", "5"));
        assertThat(c.cluster("member9")).isEqualTo(Resources.NONE);
    }

    @Test
    void aDuplicatedCopyWhoseOverridesChangeItIsChargedForItsOverriddenDemand() {
        Placement placement = new Placement(Placement.Scheduling.DUPLICATED, List.of(
                target("member1", null),
                new Placement.Target("member2", null, demand(r("cpu", "3", "memory", "6Gi"), 3))));

        Charge c = Charge.of(placed(demand(FLINK, 5), placement));

        assertThat(c.cluster("member1").toQuantities()).containsExactly(entry("cpu", "9"), entry("memory", "18Gi"), entry("pods", "5"));
        assertThat(c.cluster("member2").toQuantities()).containsExactly(entry("cpu", "3"), entry("memory", "6Gi"), entry("pods", "3"));
        assertThat(c.overall().toQuantities()).containsExactly(entry("cpu", "12"), entry("memory", "24Gi"), entry("pods", "8"));
    }

    @Test
    void aClusterNamedTwiceRunsOneCopy() {
        Charge c = Charge.of(placed(demand(FLINK, 5), duplicated("member1", "member1")));
        assertThat(c.overall().toQuantities()).containsExactly(entry("cpu", "9"), entry("memory", "18Gi"), entry("pods", "5"));
    }

    @Test
    void dividedSplitsOneChargeByReplicasExactly() {
        Resources perPod = r("cpu", "500m", "memory", "1Gi");
        Placement placement = new Placement(Placement.Scheduling.DIVIDED,
                List.of(target("member1", 3L), target("member2", 1L)));
        Charge c = Charge.of(placed(demand(perPod.times(4), 4), placement));

        assertThat(c.overall().toQuantities()).containsExactly(entry("cpu", "2"), entry("memory", "4Gi"), entry("pods", "4"));
        assertThat(c.cluster("member1").toQuantities()).containsExactly(entry("cpu", "1500m"), entry("memory", "3Gi"), entry("pods", "3"));
        assertThat(c.cluster("member2").toQuantities()).containsExactly(entry("cpu", "500m"), entry("memory", "1Gi"), entry("pods", "1"));
    }

    @Test
    void dividedRemaindersGoToTheLargestRemainderAndTheSharesAddUp() {
        Placement placement = new Placement(Placement.Scheduling.DIVIDED, List.of(
                target("a", 1L), target("b", 1L), target("c", 1L)));
        Charge c = Charge.of(placed(demand(r("cpu", "1"), 3), placement));

        assertThat(c.cluster("a").get("cpu")).isEqualTo(334);
        assertThat(c.cluster("b").get("cpu")).isEqualTo(333);
        assertThat(c.cluster("c").get("cpu")).isEqualTo(333);
        assertThat(c.cluster("a").get("pods") + c.cluster("b").get("pods") + c.cluster("c").get("pods")).isEqualTo(3000);
    }

    @Test
    void dividedWithoutCountsIsSplitEvenlyAndAZeroShareIsLeftOut() {
        Placement noCounts = new Placement(Placement.Scheduling.DIVIDED,
                List.of(target("a", 2L), target("b", null)));
        Charge even = Charge.of(placed(demand(r("cpu", "2"), 2), noCounts));
        assertThat(even.cluster("a").toQuantities()).containsExactly(entry("cpu", "1"), entry("pods", "1"));
        assertThat(even.cluster("b").toQuantities()).containsExactly(entry("cpu", "1"), entry("pods", "1"));

        Placement zero = new Placement(Placement.Scheduling.DIVIDED,
                List.of(target("a", 2L), target("b", 0L)));
        Charge c = Charge.of(placed(demand(r("cpu", "2"), 2), zero));
        assertThat(c.clusters()).containsOnlyKeys("a");
    }

    @Test
    void equalChargesAreEqualValues() {
        Charge withZeros = new Charge(Resources.of(Map.of("cpu", 0L, "memory", 5L)), new TreeMap<>(Map.of("a", Resources.of(Map.of("cpu", 0L)))));
        assertThat(withZeros).isEqualTo(new Charge(Resources.of(Map.of("memory", 5L)), new TreeMap<>()));
        assertThat(Charge.of(demand(Resources.NONE, 0))).isEqualTo(Charge.NONE);
    }

    @Test
    void largestRemainderSplitIsExactAndWithinOneUnit() {
        long[] shares = ProportionalSplit.split(Long.MAX_VALUE, new long[] {Integer.MAX_VALUE, 1, 3});
        assertThat(Arrays.stream(shares).sum()).isEqualTo(Long.MAX_VALUE);
        assertThat(ProportionalSplit.split(10, new long[] {1, 1, 1, 1})).containsExactly(3, 3, 2, 2);
        assertThat(ProportionalSplit.split(0, new long[] {1, 2})).containsExactly(0, 0);
        assertThatThrownBy(() -> ProportionalSplit.split(1, new long[] {0, 0})).isInstanceOf(IllegalArgumentException.class);
    }
}
