package io.fedstream.admit;

import io.fedstream.admit.Decision.Admitted;
import io.fedstream.admit.Decision.Rejected;
import io.fedstream.admit.Decision.Released;
import io.fedstream.admit.Decision.Stale;
import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import static io.fedstream.admit.Demands.demand;
import static io.fedstream.admit.Demands.duplicated;
import static io.fedstream.admit.Demands.placed;
import static io.fedstream.admit.Demands.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

class LedgerTest {

    private static final String NS = "team-a";

    private final InMemoryLedgerState state = new InMemoryLedgerState();
    private final Ledger ledger = new Ledger(state);

    private static Resources r(String... pairs) {
        TreeMap<String, String> q = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            q.put(pairs[i], pairs[i + 1]);
        }
        return Resources.fromQuantities(q);
    }

    private static FederatedResourceQuota quota(String name, Resources overall, FederatedResourceQuota.StaticAssignment... assignments) {
        return new FederatedResourceQuota(NS, name, overall, List.of(assignments));
    }

    private static FederatedResourceQuota.StaticAssignment assign(String cluster, Resources hard) {
        return new FederatedResourceQuota.StaticAssignment(cluster, hard);
    }

    private static Charge cpu(String amount) {
        return Charge.of(demand(r("cpu", amount), 0));
    }

    private static String key(String name) {
        return "apps/Deployment/" + NS + "/" + name;
    }

    private List<Decision> admit(String name, long generation, Charge charge) {
        return ledger.admit(NS, key(name), generation, charge, 0);
    }

    /** The status of the namespace's quota {@code name}, if it has it. */
    private Optional<QuotaUsage> status(String name) {
        return ledger.statuses(NS).stream().filter(s -> s.name().equals(name)).findFirst();
    }

    private List<String> queue() {
        return state.queue(NS).stream().map(PendingWorkload::workloadKey).toList();
    }

    @Test
    void admitsWithinQuotaAndChargesIt() {
        ledger.upsertQuota(quota("q", r("cpu", "10", "memory", "10Gi")));

        List<Decision> decisions = admit("a", 1, Charge.of(demand(r("cpu", "4", "memory", "1Gi"), 2)));

        assertThat(decisions).containsExactly(new Admitted(key("a"), 1, Charge.of(demand(r("cpu", "4", "memory", "1Gi"), 2))));
        QuotaUsage status = status("q").orElseThrow();
        assertThat(status.hard().toQuantities()).containsExactly(entry("cpu", "10"), entry("memory", "10Gi"));
        assertThat(status.used().toQuantities()).containsExactly(entry("cpu", "4"), entry("memory", "1Gi"));
        assertThat(status.overage()).isEqualTo(Resources.NONE);
        assertThat(status.admittedCount()).isEqualTo(1);
        assertThat(status.rejectedCount()).isZero();
        assertThat(status.clusters()).isEmpty();
    }

    @Test
    void rejectsWithQuotaResourceHardUsedAndRequestedAndChargesNothing() {
        ledger.upsertQuota(quota("q", r("cpu", "10", "memory", "4Gi")));
        admit("a", 1, Charge.of(demand(r("cpu", "8", "memory", "1Gi"), 1)));

        List<Decision> decisions = admit("b", 1, Charge.of(demand(r("cpu", "3", "memory", "4Gi"), 1)));

        assertThat(decisions).containsExactly(new Rejected(key("b"), 1, List.of(
                new Violation("team-a/q", null, "cpu", 10_000, 8_000, 3_000),
                new Violation("team-a/q", null, "memory", 4L << 30, 1L << 30, 4L << 30)), null));
        assertThat(((Rejected) decisions.get(0)).violations().get(0).message())
                .isEqualTo("exceeded quota team-a/q: requested cpu=3, used cpu=8, limited cpu=10");
        assertThat(state.usage(NS).overall().toQuantities()).containsExactly(entry("cpu", "8"), entry("memory", "1Gi"), entry("pods", "1"));
        assertThat(state.admitted(key("b"))).isEmpty();
        assertThat(queue()).containsExactly(key("b"));
        assertThat(status("q").orElseThrow().rejectedCount()).isEqualTo(1);
    }

    @Test
    void exactlyReachingHardIsAdmitted() {
        ledger.upsertQuota(quota("q", r("cpu", "10")));
        admit("a", 1, cpu("6"));
        assertThat(admit("b", 1, cpu("4"))).containsExactly(new Admitted(key("b"), 1, cpu("4")));
        assertThat(admit("c", 1, cpu("1m"))).singleElement().isInstanceOf(Rejected.class);
    }

    /** Karmada issue 6937: a FlinkDeployment whose parallelism rises past the quota got through there. */
    @Test
    void anUpdateRisingPastTheQuotaIsRejectedAndThePreviousVersionStaysCharged() {
        ledger.upsertQuota(quota("q", r("cpu", "30", "memory", "180Gi")));
        admit("other", 1, Charge.of(demand(r("cpu", "25500m", "memory", "12Gi"), 10)));
        String flink = "flink.apache.org/FlinkDeployment/" + NS + "/simple-flink-app";
        // parallelism 2: jobmanager 1 cpu 2Gi + 1 taskmanager 2 cpu 4Gi
        Charge v1 = Charge.of(demand(r("cpu", "3", "memory", "6Gi"), 2));
        assertThat(ledger.admit(NS, flink, 1, v1, 0)).containsExactly(new Admitted(flink, 1, v1));

        // parallelism 6: 3 taskmanagers
        Charge v2 = Charge.of(demand(r("cpu", "7", "memory", "14Gi"), 4));
        List<Decision> decisions = ledger.admit(NS, flink, 2, v2, 0);

        AdmittedWorkload stillCharged = new AdmittedWorkload(NS, flink, 1, 0, v1);
        assertThat(decisions).containsExactly(new Rejected(flink, 2,
                List.of(new Violation("team-a/q", null, "cpu", 30_000, 28_500, 4_000)), stillCharged));
        assertThat(state.admitted(flink)).contains(stillCharged);
        assertThat(status("q").orElseThrow().used().toQuantities())
                .containsExactly(entry("cpu", "28500m"), entry("memory", "18Gi"));

        // The other workload goes away: the queued v2 is admitted, replacing v1's charge.
        assertThat(ledger.release(NS, key("other"))).containsExactly(
                new Released(key("other"), Charge.of(demand(r("cpu", "25500m", "memory", "12Gi"), 10))),
                new Admitted(flink, 2, v2));
        assertThat(state.admitted(flink)).contains(new AdmittedWorkload(NS, flink, 2, 0, v2));
        assertThat(status("q").orElseThrow().used().toQuantities())
                .containsExactly(entry("cpu", "7"), entry("memory", "14Gi"));
        assertThat(queue()).isEmpty();
    }

    @Test
    void aDecreaseIsAlwaysAdmittedEvenAboveAShrunkQuota() {
        ledger.upsertQuota(quota("q", r("cpu", "10", "memory", "8Gi")));
        admit("a", 1, Charge.of(demand(r("cpu", "9", "memory", "2Gi"), 0)));

        assertThat(ledger.upsertQuota(quota("q", r("cpu", "5", "memory", "8Gi")))).isEmpty();
        QuotaUsage shrunk = status("q").orElseThrow();
        assertThat(shrunk.overage().toQuantities()).containsExactly(entry("cpu", "4"));
        assertThat(state.admitted(key("a"))).isPresent();

        // cpu drops (still above hard) while memory grows within hard: admitted, only increases are checked
        Charge lower = Charge.of(demand(r("cpu", "7", "memory", "3Gi"), 0));
        assertThat(admit("a", 2, lower)).containsExactly(new Admitted(key("a"), 2, lower));
        assertThat(status("q").orElseThrow().overage().toQuantities()).containsExactly(entry("cpu", "2"));

        // any increase of a resource above hard is rejected
        assertThat(admit("b", 1, cpu("1m"))).containsExactly(new Rejected(key("b"), 1,
                List.of(new Violation("team-a/q", null, "cpu", 5_000, 7_000, 1)), null));
    }

    @Test
    void theQueueIsOrderedByPriorityThenArrival() {
        ledger.upsertQuota(quota("q", r("cpu", "1")));
        admit("running", 1, cpu("1"));
        ledger.admit(NS, key("low-1"), 1, cpu("100m"), 0);
        ledger.admit(NS, key("high"), 1, cpu("100m"), 100);
        ledger.admit(NS, key("low-2"), 1, cpu("100m"), 0);
        ledger.admit(NS, key("negative"), 1, cpu("100m"), -5);
        ledger.admit(NS, key("high-2"), 1, cpu("100m"), 100);

        assertThat(queue()).containsExactly(key("high"), key("high-2"), key("low-1"), key("low-2"), key("negative"));
        assertThat(state.queue(NS)).extracting(PendingWorkload::sequence).containsExactly(1L, 4L, 0L, 2L, 3L);
    }

    @Test
    void aRetryAdmitsInQueueOrderWhileTheyFitAndABigOneDoesNotBlockSmallerOnes() {
        ledger.upsertQuota(quota("q", r("cpu", "10")));
        admit("running", 1, cpu("10"));
        ledger.admit(NS, key("big"), 1, cpu("6"), 10);
        ledger.admit(NS, key("small-1"), 1, cpu("2"), 0);
        ledger.admit(NS, key("small-2"), 1, cpu("2"), 0);
        ledger.admit(NS, key("small-3"), 1, cpu("2"), 0);

        // 5 cpu free: big (6) does not fit, small-1 and small-2 do, small-3 no longer does
        List<Decision> decisions = admit("running", 2, cpu("5"));

        assertThat(decisions).containsExactly(
                new Admitted(key("running"), 2, cpu("5")),
                new Admitted(key("small-1"), 1, cpu("2")),
                new Admitted(key("small-2"), 1, cpu("2")),
                new Rejected(key("big"), 1, List.of(new Violation("team-a/q", null, "cpu", 10_000, 9_000, 6_000)), null),
                new Rejected(key("small-3"), 1, List.of(new Violation("team-a/q", null, "cpu", 10_000, 9_000, 2_000)), null));
        assertThat(queue()).containsExactly(key("big"), key("small-3"));
        assertThat(state.queue(NS).get(0).violations()).containsExactly(new Violation("team-a/q", null, "cpu", 10_000, 9_000, 6_000));
    }

    @Test
    void aHigherPriorityWorkloadGetsRoomFirst() {
        ledger.upsertQuota(quota("q", r("cpu", "4")));
        admit("running", 1, cpu("4"));
        ledger.admit(NS, key("first-come"), 1, cpu("3"), 0);
        ledger.admit(NS, key("important"), 1, cpu("3"), 1000);

        assertThat(ledger.release(NS, key("running"))).containsExactly(
                new Released(key("running"), cpu("4")),
                new Admitted(key("important"), 1, cpu("3")),
                new Rejected(key("first-come"), 1, List.of(new Violation("team-a/q", null, "cpu", 4_000, 3_000, 3_000)), null));
    }

    @Test
    void anAdmissionThatFreesSomethingRestartsTheScanFromTheHead() {
        ledger.upsertQuota(quota("q", r("cpu", "4", "memory", "4Gi")));
        Charge heavy = Charge.of(demand(r("cpu", "1", "memory", "4Gi"), 0));
        admit("mover", 1, heavy);
        admit("filler", 1, cpu("3"));
        // head of the queue needs memory; the update behind it trades memory for cpu
        ledger.admit(NS, key("needs-memory"), 1, Charge.of(demand(r("memory", "2Gi"), 0)), 5);
        Charge trade = Charge.of(demand(r("cpu", "2", "memory", "1Gi"), 0));
        assertThat(admit("mover", 2, trade)).singleElement().isInstanceOf(Rejected.class);

        List<Decision> decisions = ledger.release(NS, key("filler"));

        assertThat(decisions).containsExactly(
                new Released(key("filler"), cpu("3")),
                new Admitted(key("mover"), 2, trade),
                new Admitted(key("needs-memory"), 1, Charge.of(demand(r("memory", "2Gi"), 0))));
        assertThat(state.usage(NS).overall().toQuantities()).containsExactly(entry("cpu", "2"), entry("memory", "3Gi"));
    }

    @Test
    void aGrownOrDeletedQuotaLetsQueuedWorkloadsIn() {
        ledger.upsertQuota(quota("q", r("cpu", "2")));
        admit("a", 1, cpu("2"));
        admit("b", 1, cpu("1"));
        admit("c", 1, cpu("2"));

        assertThat(ledger.upsertQuota(quota("q", r("cpu", "3")))).containsExactly(
                new Admitted(key("b"), 1, cpu("1")),
                new Rejected(key("c"), 1, List.of(new Violation("team-a/q", null, "cpu", 3_000, 3_000, 2_000)), null));
        assertThat(ledger.deleteQuota(NS, "q")).containsExactly(new Admitted(key("c"), 1, cpu("2")));
        assertThat(ledger.statuses(NS)).isEmpty();
        assertThat(state.usage(NS).overall().toQuantities()).containsExactly(entry("cpu", "5"));
        assertThat(state.usage(NS).admitted()).isEqualTo(3);
    }

    @Test
    void aShrunkQuotaNeverEvictsAndReportsOverageOverallAndPerCluster() {
        ledger.upsertQuota(quota("q", r("cpu", "10"), assign("member1", r("cpu", "6"))));
        admit("a", 1, Charge.of(placed(demand(r("cpu", "5"), 0), duplicated("member1"))));
        admit("b", 1, Charge.of(placed(demand(r("cpu", "3"), 0), duplicated("member2"))));

        ledger.upsertQuota(quota("q", r("cpu", "6"), assign("member1", r("cpu", "2"))));

        QuotaUsage status = status("q").orElseThrow();
        assertThat(status.used().toQuantities()).containsExactly(entry("cpu", "8"));
        assertThat(status.overage().toQuantities()).containsExactly(entry("cpu", "2"));
        assertThat(status.clusters()).containsExactly(
                new QuotaUsage.ClusterUsage("member1", r("cpu", "2"), r("cpu", "5"), r("cpu", "3")),
                new QuotaUsage.ClusterUsage("member2", Resources.NONE, r("cpu", "3"), Resources.NONE));
        assertThat(status.admittedCount()).isEqualTo(2);
    }

    @Test
    void staticAssignmentsAreEnforcedPerClusterAsWellAsOverall() {
        ledger.upsertQuota(quota("q", r("cpu", "20"), assign("member1", r("cpu", "4")), assign("member2", r("cpu", "8"))));
        Demand fourCpu = demand(r("cpu", "3"), 3);

        assertThat(admit("a", 1, Charge.of(placed(fourCpu, duplicated("member1", "member2"))))).singleElement()
                .isInstanceOf(Admitted.class);
        List<Decision> decisions = admit("b", 1, Charge.of(placed(fourCpu, duplicated("member1", "member3"))));

        assertThat(decisions).containsExactly(new Rejected(key("b"), 1,
                List.of(new Violation("team-a/q", "member1", "cpu", 4_000, 3_000, 3_000)), null));
        assertThat(((Rejected) decisions.get(0)).violations().get(0).message())
                .isEqualTo("exceeded quota team-a/q on cluster member1: requested cpu=3, used cpu=3, limited cpu=4");
        // a cluster without an assignment has no per-cluster limit; the overall one still applies
        assertThat(admit("c", 1, Charge.of(placed(fourCpu, duplicated("member2", "member3"))))).singleElement()
                .isInstanceOf(Admitted.class);
        QuotaUsage status = status("q").orElseThrow();
        assertThat(status.used().toQuantities()).containsExactly(entry("cpu", "12"));
        assertThat(status.clusters()).containsExactly(
                new QuotaUsage.ClusterUsage("member1", r("cpu", "4"), r("cpu", "3"), Resources.NONE),
                new QuotaUsage.ClusterUsage("member2", r("cpu", "8"), r("cpu", "6"), Resources.NONE),
                new QuotaUsage.ClusterUsage("member3", Resources.NONE, r("cpu", "3"), Resources.NONE));
    }

    @Test
    void dividedWorkloadsChargeEachClusterItsShare() {
        ledger.upsertQuota(quota("q", r("cpu", "10"), assign("member1", r("cpu", "2"))));
        Demand sixPods = demand(r("cpu", "3"), 6);
        Placement mostlyElsewhere = new Placement(Placement.Scheduling.DIVIDED,
                List.of(target("member1", 2L), target("member2", 4L)));
        Placement mostlyOnOne = new Placement(Placement.Scheduling.DIVIDED,
                List.of(target("member1", 5L), target("member2", 1L)));

        assertThat(admit("a", 1, Charge.of(placed(sixPods, mostlyElsewhere)))).singleElement().isInstanceOf(Admitted.class);
        assertThat(admit("b", 1, Charge.of(placed(sixPods, mostlyOnOne)))).containsExactly(new Rejected(key("b"), 1,
                List.of(new Violation("team-a/q", "member1", "cpu", 2_000, 1_000, 2_500)), null));
        assertThat(state.usage(NS).cluster("member1").toQuantities()).containsExactly(entry("cpu", "1"), entry("pods", "2"));
    }

    @Test
    void anUnplacedWorkloadIsChargedOnceAndNotPerClusterUntilPlaced() {
        ledger.upsertQuota(quota("q", r("cpu", "10"), assign("member1", r("cpu", "2"))));
        Demand demand = demand(r("cpu", "3"), 1);
        assertThat(admit("a", 1, Charge.of(demand))).singleElement().isInstanceOf(Admitted.class);

        // placing it duplicated on two clusters charges 6 overall and 3 on member1 (> 2): the unplaced version stays
        assertThat(admit("a", 1, Charge.of(placed(demand, duplicated("member1", "member2"))))).containsExactly(
                new Rejected(key("a"), 1, List.of(new Violation("team-a/q", "member1", "cpu", 2_000, 0, 3_000)),
                        new AdmittedWorkload(NS, key("a"), 1, 0, Charge.of(demand))));
    }

    @Test
    void limitsAndPodsKeysAreChargedAndChecked() {
        ledger.upsertQuota(quota("q", r("limits.cpu", "4", "limits.memory", "6Gi", "pods", "3")));
        Demand demand = new Demand(r("cpu", "1"), r("cpu", "2", "memory", "4Gi"), 2, null);
        assertThat(admit("a", 1, Charge.of(demand))).singleElement().isInstanceOf(Admitted.class);

        assertThat(admit("b", 1, Charge.of(demand))).containsExactly(new Rejected(key("b"), 1, List.of(
                new Violation("team-a/q", null, "limits.memory", 6L << 30, 4L << 30, 4L << 30),
                new Violation("team-a/q", null, "pods", 3_000, 2_000, 2_000)), null));
        assertThat(status("q").orElseThrow().used().toQuantities())
                .containsExactly(entry("limits.cpu", "2"), entry("limits.memory", "4Gi"), entry("pods", "2"));
    }

    @Test
    void everyQuotaOfTheNamespaceIsChecked() {
        ledger.upsertQuota(quota("compute", r("cpu", "4")));
        ledger.upsertQuota(quota("gpus", r("nvidia.com/gpu", "1")));
        Charge both = Charge.of(demand(r("cpu", "5", "nvidia.com/gpu", "2"), 1));

        assertThat(admit("a", 1, both)).containsExactly(new Rejected(key("a"), 1, List.of(
                new Violation("team-a/compute", null, "cpu", 4_000, 0, 5_000),
                new Violation("team-a/gpus", null, "nvidia.com/gpu", 1_000, 0, 2_000)), null));
        assertThat(ledger.statuses(NS)).extracting(QuotaUsage::name, QuotaUsage::rejectedCount)
                .containsExactly(tuple("compute", 1L), tuple("gpus", 1L));

        ledger.upsertQuota(quota("gpus", r("nvidia.com/gpu", "2")));
        assertThat(ledger.statuses(NS)).extracting(QuotaUsage::name, QuotaUsage::rejectedCount)
                .containsExactly(tuple("compute", 1L), tuple("gpus", 0L));
    }

    @Test
    void aQuotaCreatedLaterSeesTheUsageOfWorkloadsAdmittedBefore() {
        admit("a", 1, cpu("5"));
        assertThat(state.usage(NS).admitted()).isEqualTo(1);

        ledger.upsertQuota(quota("q", r("cpu", "4", "memory", "1Gi")));

        QuotaUsage status = status("q").orElseThrow();
        assertThat(status.used().toQuantities()).containsExactly(entry("cpu", "5"), entry("memory", "0"));
        assertThat(status.overage().toQuantities()).containsExactly(entry("cpu", "1"));
    }

    @Test
    void aQueuedWorkloadUpdatedKeepsItsPlaceAndAnUpdateThatFitsLeavesTheQueue() {
        ledger.upsertQuota(quota("q", r("cpu", "2")));
        admit("running", 1, cpu("2"));
        admit("a", 1, cpu("1"));
        admit("b", 1, cpu("1"));
        admit("a", 2, cpu("2"));

        assertThat(state.queue(NS)).extracting(PendingWorkload::workloadKey, PendingWorkload::generation, PendingWorkload::sequence)
                .containsExactly(tuple(key("a"), 2L, 0L), tuple(key("b"), 1L, 1L));

        assertThat(admit("a", 3, Charge.NONE)).containsExactly(new Admitted(key("a"), 3, Charge.NONE));
        assertThat(queue()).containsExactly(key("b"));
    }

    @Test
    void anOlderGenerationIsStale() {
        admit("a", 5, cpu("1"));
        assertThat(admit("a", 4, cpu("2"))).containsExactly(new Stale(key("a"), 4, 5));
        assertThat(admit("a", 5, cpu("3"))).containsExactly(new Admitted(key("a"), 5, cpu("3")));
    }

    @Test
    void releaseOfAQueuedOnlyWorkloadDropsItAndUnknownWorkloadsAreIgnored() {
        ledger.upsertQuota(quota("q", r("cpu", "1")));
        admit("a", 1, cpu("2"));

        assertThat(ledger.release(NS, key("a"))).containsExactly(new Released(key("a"), Charge.NONE));
        assertThat(queue()).isEmpty();
        assertThat(ledger.release(NS, key("a"))).isEmpty();
        assertThat(state.usage(NS)).isEqualTo(new NamespaceUsage(NS, Resources.NONE, new TreeMap<>(), 0, 1));
    }

    @Test
    void namespacesAreIndependent() {
        ledger.upsertQuota(quota("q", r("cpu", "1")));
        assertThat(ledger.admit("team-b", "apps/Deployment/team-b/x", 1, cpu("5"), 0)).singleElement().isInstanceOf(Admitted.class);
        assertThat(ledger.statuses("team-b")).isEmpty();
        assertThat(status("q").orElseThrow().used().toQuantities()).containsExactly(entry("cpu", "0"));
        assertThat(status("missing")).isEmpty();
    }

    @Test
    void unchargedResourcesStillCountSoALaterQuotaSeesThem() {
        admit("a", 1, Charge.of(demand(r("ephemeral-storage", "1Gi"), 1)));
        ledger.upsertQuota(quota("q", r("ephemeral-storage", "512Mi")));
        assertThat(admit("b", 1, Charge.of(demand(r("ephemeral-storage", "1"), 0)))).containsExactly(new Rejected(key("b"), 1,
                List.of(new Violation("team-a/q", null, "ephemeral-storage", 512L << 20, 1L << 30, 1)), null));
    }
}
