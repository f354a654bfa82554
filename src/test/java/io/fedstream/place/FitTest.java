package io.fedstream.place;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class FitTest {

    static ClusterCapacity cluster(String name, Map<String, String> allocatable, Map<String, String> allocated, Map<String, String> reserved) {
        return new ClusterCapacity(name, Map.of(), List.of(), Resources.fromQuantities(allocatable),
                Resources.fromQuantities(allocated), Resources.fromQuantities(reserved), true, null);
    }

    private static ComponentDemand component(String name, long replicas, Map<String, String> perPod) {
        return new ComponentDemand(name, replicas, Resources.fromQuantities(perPod));
    }

    /** A FlinkDeployment: one JobManager of 1 cpu / 2Gi and three TaskManagers of 2 cpu / 4Gi: 7 cpu, 14Gi. */
    private static final List<ComponentDemand> FLINK = List.of(
            component("jobmanager", 1, Map.of("cpu", "1", "memory", "2Gi")),
            component("taskmanager", 3, Map.of("cpu", "2", "memory", "4Gi")));

    @Test
    void anExactFitFits() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "10", "memory", "20Gi"), Map.of("cpu", "2", "memory", "4Gi"), Map.of("cpu", "1", "memory", "2Gi"));

        Fit.Verdict verdict = Fit.check(FLINK, c);

        assertThat(verdict.fits()).isTrue();
        assertThat(verdict.headroom()).isEqualByComparingTo(BigDecimal.ZERO);
    }

    @Test
    void theLargestPartHoldsEachComponentInTurnBesideTheOnesBefore() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "6", "memory", "64Gi", "pods", "110"), Map.of(), Map.of());

        assertThat(Fit.largestPart(FLINK, c)).as("the JobManager (1 cpu), then two TaskManagers of 2 cpu in the 5 left")
                .containsExactly(Map.entry("jobmanager", 1L), Map.entry("taskmanager", 2L));
        assertThat(Fit.largestPart(FLINK, cluster("m", Map.of("cpu", "6", "memory", "64Gi", "pods", "2"), Map.of(), Map.of())))
                .as("pods are slots too").containsExactly(Map.entry("jobmanager", 1L), Map.entry("taskmanager", 1L));
        assertThat(Fit.largestPart(FLINK, cluster("m", Map.of("cpu", "500m", "memory", "64Gi"), Map.of(), Map.of())))
                .containsExactly(Map.entry("jobmanager", 0L), Map.entry("taskmanager", 0L));
    }

    @Test
    void oneMilliCpuShortDoesNotFitAndSaysBy() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "10", "memory", "20Gi"), Map.of("cpu", "2001m", "memory", "4Gi"), Map.of("cpu", "1", "memory", "2Gi"));

        Fit.Verdict verdict = Fit.check(FLINK, c);

        assertThat(verdict.fits()).isFalse();
        assertThat(verdict.shortages()).containsExactly(
                new Fit.Shortage("cpu", BigInteger.valueOf(7000), BigInteger.valueOf(6999), true));
        assertThat(verdict.shortages().get(0).message()).isEqualTo("cpu short by 1m (needs 7, free 6999m)");
    }

    @Test
    void oneByteShortOfMemoryDoesNotFit() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "7", "memory", "15032385535"), Map.of(), Map.of());

        assertThat(Fit.check(FLINK, c).shortages()).extracting(Fit.Shortage::resource, Fit.Shortage::shortBy)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("memory", BigInteger.ONE));
    }

    @Test
    void theSumOfAllComponentsCountsNotTheLargestPod() {
        // Each pod alone fits (2 cpu <= 6), all of them together (7 cpu) do not.
        ClusterCapacity c = cluster("m", Map.of("cpu", "6", "memory", "64Gi"), Map.of(), Map.of());

        assertThat(Fit.check(FLINK, c).shortages()).extracting(Fit.Shortage::message)
                .containsExactly("cpu short by 1 (needs 7, free 6)");
    }

    @Test
    void aResourceTheClusterDoesNotOfferDoesNotFitUnlessZeroIsAsked() {
        ClusterCapacity noGpus = cluster("m", Map.of("cpu", "64", "memory", "64Gi"), Map.of(), Map.of());
        List<ComponentDemand> gpuJob = List.of(component("worker", 2, Map.of("cpu", "1", "nvidia.com/gpu", "1")));
        List<ComponentDemand> zeroGpu = List.of(component("worker", 2, Map.of("cpu", "1", "nvidia.com/gpu", "0")));

        Fit.Verdict verdict = Fit.check(gpuJob, noGpus);
        assertThat(verdict.shortages()).containsExactly(new Fit.Shortage("nvidia.com/gpu", BigInteger.valueOf(2000), BigInteger.ZERO, false));
        assertThat(verdict.shortages().get(0).message()).isEqualTo("nvidia.com/gpu is not allocatable in the cluster (needs 2)");
        assertThat(Fit.check(zeroGpu, noGpus).fits()).isTrue();
    }

    @Test
    void zeroReplicasAndEmptyRequestsNeedNothing() {
        ClusterCapacity full = cluster("m", Map.of("cpu", "1"), Map.of("cpu", "1"), Map.of());

        assertThat(Fit.check(List.of(component("idle", 0, Map.of("cpu", "100"))), full).fits()).isTrue();
        assertThat(Fit.check(List.of(component("tiny", 5, Map.of())), full).fits()).isTrue();
    }

    @Test
    void podSlotsCountWhenTheClusterReportsThem() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "100", "memory", "100Gi", "pods", "4"), Map.of("pods", "1"), Map.of());

        assertThat(Fit.check(FLINK, c).fits()).isFalse();
        assertThat(Fit.check(FLINK, c).shortages()).extracting(Fit.Shortage::message)
                .containsExactly("pods short by 1 (needs 4, free 3)");
    }

    @Test
    void hugeDemandsDoNotOverflowIntoAFit() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "9223372036854775"), Map.of(), Map.of());
        List<ComponentDemand> huge = List.of(new ComponentDemand("w", Integer.MAX_VALUE, Resources.of(Map.of("cpu", Long.MAX_VALUE / 2))));

        Fit.Verdict verdict = Fit.check(huge, c);

        assertThat(verdict.fits()).isFalse();
        assertThat(verdict.shortages().get(0).needed())
                .isEqualTo(BigInteger.valueOf(Integer.MAX_VALUE).multiply(BigInteger.valueOf(Long.MAX_VALUE / 2)));
        assertThat(verdict.shortages().get(0).message()).endsWith("milli-units, free 9223372036854775)");
    }

    @Test
    void anOvercommittedClusterHasNegativeFreeAndFitsNothing() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "4"), Map.of("cpu", "3"), Map.of("cpu", "2"));

        assertThat(Fit.free(c, "cpu")).isEqualTo(BigInteger.valueOf(-1000));
        assertThat(Fit.check(List.of(component("w", 1, Map.of("cpu", "1m"))), c).shortages()).extracting(Fit.Shortage::message)
                .containsExactly("cpu short by 1m (needs 1m, free -1)");
    }

    @Test
    void headroomIsTheSmallestShareLeftOverRequestedResources() {
        ClusterCapacity c = cluster("m", Map.of("cpu", "14", "memory", "28Gi"), Map.of(), Map.of());

        // cpu: (14 - 7) / 14 = 0.5; memory: (28 - 14) / 28 = 0.5
        assertThat(Fit.check(FLINK, c).headroom()).isEqualByComparingTo("0.5");
        ClusterCapacity moreMemory = cluster("m", Map.of("cpu", "14", "memory", "56Gi"), Map.of(), Map.of());
        assertThat(Fit.check(FLINK, moreMemory).headroom()).isEqualByComparingTo("0.5");
    }
}
