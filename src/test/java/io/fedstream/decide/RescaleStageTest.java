package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.Reservation;
import io.fedstream.lease.LeaseSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A placed Divided workload asked for another replica count, on the whole topology, as Karmada's scheduler re-schedules
 * a binding whose replicas changed: fewer replicas shrink each cluster's share in proportion to what it runs (a cluster
 * left with none has its copy purged), more replicas keep every share and add the new ones where there is room, each
 * growth reserved first.
 */
class RescaleStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"}}}""";

    private static String policy(String replicaScheduling) {
        return webPolicyPlacing("replicaScheduling:") + replicaScheduling.indent(6);
    }

    private static final String DYNAMIC = policy("""
            replicaSchedulingType: Divided
            weightPreference: {dynamicWeight: AvailableReplicas}
            """);

    private static ClusterTarget target(String cluster, long replicas) {
        return new ClusterTarget(cluster, replicas, List.of());
    }

    private List<ClusterTarget> placed() {
        return fleet.binding(WEB).getPlacement().getClusters();
    }

    private AuditEvent audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).reduce((a, b) -> b).orElseThrow();
    }

    private List<String> reservations() {
        return fleet.roomChanges().stream().map(r -> r.kind() + " " + r.cluster()
                + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas())).toList();
    }

    private FleetDriver placedFourteen(String policy) {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 14, "1");
        fleet.roomChanges();
        return fleet;
    }

    @Test
    void fewerReplicasShrinkEachShareInProportionAndAClusterLeftWithNoneIsPurged() {
        placedFourteen(DYNAMIC);
        assertThat(placed()).as("available 64:32:16").containsExactly(target("dc-1", 8), target("dc-2", 4), target("dc-3", 2));

        fleet.deployment("team-a", "web", 5, "1");

        // 5 over 8:4:2 is 2.9, 1.4 and 0.7 floored to 2/1/0; the 2 left go to dc-1 and dc-2, which ran most.
        assertThat(placed()).containsExactly(target("dc-1", 3), target("dc-2", 2));
        assertThat(fleet.binding(WEB).getPlacement().getDecidedBy()).isEqualTo("scheduler");
        assertThat(reservations()).as("shrinking needs no room; dc-3's goes back").containsExactly("RELEASE dc-3");
        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-3");
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        });
        assertThat(audited("REPLICAS_RESCALED").getReason()).isEqualTo("14 -> 5 replicas (scaled down in proportion to what each cluster"
                + " runs): dc-3 2 -> 0 pods (its copy is purged), dc-1 8 -> 3 pods, dc-2 4 -> 2 pods");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "3"));
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.usedOn("team-a/q", "dc-3")).isEmpty();
        assertThat(fleet.onCluster("dc-3")).isEmpty();
    }

    @Test
    void aggregatedScaleDownKeepsTheFewestClustersThatRanEnough() {
        placedFourteen(policy("""
                replicaSchedulingType: Divided
                replicaDivisionPreference: Aggregated
                """));
        fleet.deployment("team-a", "web", 90, "1");
        assertThat(placed()).as("64 + 32 available hold 90").extracting(ClusterTarget::getName).containsExactly("dc-1", "dc-2");
        long onFirst = placed().get(0).getReplicas();
        fleet.roomChanges();

        fleet.deployment("team-a", "web", (int) onFirst, "1");

        assertThat(placed()).as("the cluster that ran most holds the replicas asked alone").containsExactly(target("dc-1", onFirst));
        assertThat(fleet.commandsFor(WEB)).extracting(c -> c.getAction() + " " + c.getSourceCluster()).containsExactly("PURGE dc-2");
    }

    @Test
    void moreReplicasKeepEveryShareAndReserveOnlyTheGrowth() {
        placedFourteen(DYNAMIC);

        fleet.deployment("team-a", "web", 20, "1");

        // 6 new replicas over the free room left (56, 28 and 14 pods of 1 cpu): 3.4, 1.7 and 0.9 floored to 3/1/0, the 2
        // left to dc-1 and dc-2; the 14 that run stay where they are.
        assertThat(placed()).containsExactly(target("dc-1", 12), target("dc-2", 6), target("dc-3", 2));
        assertThat(reservations()).as("each cluster reserves only its new pods").containsExactlyInAnyOrder("RESERVE dc-1 4", "RESERVE dc-2 2");
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("REPLICAS_RESCALED");
        assertThat(audited("REPLICAS_RESCALED").getReason()).isEqualTo("14 -> 20 replicas (scaled up): dc-1 8 -> 12 pods (4 reserved),"
                + " dc-2 4 -> 6 pods (2 reserved), dc-3 2 -> 2 pods");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "12"));
    }

    @Test
    void staticWeightsDivideTheNewCountAfreshAsKarmadaDoes() {
        placedFourteen(policy("""
                replicaSchedulingType: Divided
                weightPreference:
                  staticWeightList:
                    - {targetCluster: {clusterNames: [dc-1]}, weight: 2}
                    - {targetCluster: {clusterNames: [dc-2]}, weight: 1}
                    - {targetCluster: {clusterNames: [dc-3]}, weight: 1}
                """));
        assertThat(placed()).containsExactly(target("dc-1", 8), target("dc-2", 3), target("dc-3", 3));

        fleet.deployment("team-a", "web", 15, "1");

        // 15 over 2:1:1 is 7.5, 3.75, 3.75 floored to 7/3/3; the 2 left go to dc-1 (heaviest), then dc-2: it ran as many
        // as dc-3 (Karmada's LastReplicas tie) and ranks first (more available replicas), where Karmada draws lots.
        assertThat(placed()).containsExactly(target("dc-1", 8), target("dc-2", 4), target("dc-3", 3));
        assertThat(reservations()).containsExactly("RESERVE dc-2 1");
    }

    @Test
    void aVersionWithTheSameReplicasKeepsItsPlacementUntouched() {
        placedFourteen(DYNAMIC);
        List<ClusterTarget> before = placed();

        fleet.deployment("team-a", "web", 14, "2");

        assertThat(placed()).isEqualTo(before);
        assertThat(fleet.decisions(WEB)).doesNotContain("REPLICAS_RESCALED");
    }

    @Test
    void aRefusedGrowthSchedulesAgainWithWhatTheClusterSaidItHolds() {
        placedFourteen(DYNAMIC);
        // Long after: the headroom the task's lease kept beside the first placement is no longer usable, and goes back.
        fleet.advance(LeaseSettings.DEFAULT_TTL.dividedBy(2).plusSeconds(1));
        // What another partition holds on dc-1: this task's view cannot know it, so dc-1 refuses its growth.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "61"));

        fleet.deployment("team-a", "web", 20, "1");

        assertThat(fleet.decisions(WEB)).containsOnlyOnce("RESERVATION_REFUSED").containsOnlyOnce("REPLICAS_RESCALED");
        assertThat(audited("RESERVATION_REFUSED").getReason()).as("dc-1 was asked for its 4 new pods")
                .isEqualTo("dc-1: cpu short by 4 (needs 4, free 0)");
        // dc-1's refusal comes before dc-2's grant and holds nothing; the second schedule's request to dc-2 replaces the
        // first, still waiting for room: knowing what dc-1 holds (61 + 8 of 64), it divides the 6 new replicas over dc-2
        // and dc-3 only, and dc-2 holds the 4 of the second schedule alone.
        assertThat(reservations()).containsExactly("RESERVE dc-2 4", "RESERVE dc-3 2");
        assertThat(placed()).as("in the scheduler's order: dc-1, now the fullest, last")
                .containsExactly(target("dc-2", 8), target("dc-3", 4), target("dc-1", 8));
    }

    @Test
    void aScaleUpNeverHoldsMoreThanTheClusterHasCountingThePodsTheWorkloadAlreadyRuns() {
        // One cluster of 15 cpu whose heartbeats do not count the workload's pods yet (within minutes of a placement).
        fleet = new FleetDriver(stateDir, Map.of(), false).cluster("dc-1", "15", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, DYNAMIC).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 12, "1");
        assertThat(placed()).containsExactly(target("dc-1", 12));

        fleet.deployment("team-a", "web", 24, "1");

        assertThat(fleet.published).extracting(r -> r.value().getPlacement() == null ? 0L
                        : r.value().getPlacement().getClusters().stream().mapToLong(ClusterTarget::getReplicas).sum())
                .as("no binding ever places more than the 15 pods dc-1 holds").allMatch(pods -> pods <= 15);
        assertThat(podsHeld()).as("the room held: the 12 running pods and nothing for a growth that does not fit").isEqualTo(12);
        assertThat(placed()).as("the 12 keep running, as Karmada keeps the scheduled replicas").containsExactly(target("dc-1", 12));
        assertThat(fleet.binding(WEB).getGeneration()).isEqualTo(2);
        assertThat(fleet.binding(WEB).getUnplacedReason()).as("the binding says why, as Karmada's Scheduled condition turns False")
                .isEqualTo("this version's replicas could not be scheduled, so the placement stays as it was: every re-scale was"
                        + " refused a reservation (refused by dc-1)");
        assertThat(fleet.published).filteredOn(r -> r.value().getGeneration() == 2).as("generation 2 is published once, decided").hasSize(1);
        assertThat(audited("RESCALE_UNSCHEDULABLE").getReason())
                .isEqualTo("the placement stays as it was: every re-scale was refused a reservation (refused by dc-1)");
        assertThat(audited("RESERVATION_REFUSED").getReason()).isEqualTo("dc-1: cpu short by 9 (needs 12, free 3)");
    }

    /** The pods the workload holds room for, over every cluster (its record's holdings). */
    private long podsHeld() {
        return fleet.workload(WEB).getHoldings().stream().flatMap(held -> held.getPods().values().stream()).mapToLong(Long::longValue).sum();
    }
}
