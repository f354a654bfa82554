package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.PurgeMode;
import io.fedstream.avro.Reservation;
import io.fedstream.lease.LeaseSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A placed workload whose governing policy's placement changes, on the whole topology, as Karmada's scheduler schedules
 * a binding again when its placement differs from the applied one: clusters left out lose their copy (released and
 * purged), new ones reserve their pods first, clusters kept keep theirs; a change that does not bear on the choice, or a
 * policy deleted with none to take over, leaves the placement as it is.
 */
class PolicyChangeStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"}}}""";

    /** The policy {@code team-a/web} with the given {@code spec.placement} body and priority. */
    private static String policy(String name, int priority, String placement) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: %s, namespace: team-a}
                spec:
                  priority: %d
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                  placement:
                """.formatted(name, priority) + placement.indent(4);
    }

    private static String policy(String placement) {
        return policy("web", 0, placement);
    }

    /** {@link #policy(String)} with {@code activationPreference: Lazy}. */
    private static String lazyPolicy(String placement) {
        return policy(placement).replace("spec:\n", "spec:\n  activationPreference: Lazy\n");
    }

    private static final String DYNAMIC = """
            replicaScheduling: {replicaSchedulingType: Divided, weightPreference: {dynamicWeight: AvailableReplicas}}
            """;

    private static ClusterTarget target(String cluster, long replicas) {
        return new ClusterTarget(cluster, replicas, List.of());
    }

    private List<ClusterTarget> placed() {
        return fleet.binding(WEB).getPlacement().getClusters();
    }

    private List<String> audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).map(AuditEvent::getReason).toList();
    }

    private List<String> reservations() {
        return fleet.roomChanges().stream().map(r -> r.kind() + " " + r.cluster()
                + (r.components().isEmpty() ? "" : " " + r.components().get(0).replicas())).toList();
    }

    private List<String> purges() {
        return fleet.commandsFor(WEB).stream().map(c -> c.getAction() + " " + c.getSourceCluster() + " " + c.getPurgeMode()).toList();
    }

    private void placed(String policy, int replicas) {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", replicas, "1");
        fleet.roomChanges();
    }

    @Test
    void aClusterNoLongerSelectedLosesItsShareAndItsReplicasAreDividedOverTheOthers() {
        placed(policy(DYNAMIC), 14);
        assertThat(placed()).as("available 64:32:16").containsExactly(target("dc-1", 8), target("dc-2", 4), target("dc-3", 2));

        fleet.policy(POLICY_KEY, policy("clusterAffinity: {clusterNames: [dc-1, dc-2]}\n" + DYNAMIC)).tick(Duration.ofMillis(100));

        // dc-1 and dc-2 keep their 8 and 4; dc-3's 2 are divided by the free room left (56 and 28 pods): 1.3 and 0.7
        // floored to 1/0, the one left to dc-1.
        assertThat(placed()).containsExactly(target("dc-1", 10), target("dc-2", 4));
        assertThat(fleet.binding(WEB).getPlacement().getDecidedBy()).isEqualTo("scheduler");
        assertThat(reservations()).as("only the growth is reserved; dc-3's room goes back").containsExactly("RESERVE dc-1 2", "RELEASE dc-3");
        assertThat(purges()).containsExactly("PURGE dc-3 Directly");
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("PropagationPolicy team-a/web changed (clusterAffinity):"
                + " dc-3 2 -> 0 pods (its copy is purged), dc-1 8 -> 10 pods (2 reserved), dc-2 4 -> 4 pods");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "10"));
        assertThat(fleet.usedOn("team-a/q", "dc-3")).isEmpty();
        assertThat(fleet.onCluster("dc-3")).isEmpty();
    }

    @Test
    void aLazyPolicysChangeReachesAPlacedWorkloadWithItsNextVersion() {
        placed(lazyPolicy(DYNAMIC), 14);
        assertThat(placed()).containsExactly(target("dc-1", 8), target("dc-2", 4), target("dc-3", 2));

        fleet.policy(POLICY_KEY, lazyPolicy("clusterAffinity: {clusterNames: [dc-1, dc-2]}\n" + DYNAMIC)).advance(Duration.ofSeconds(3));

        assertThat(placed()).as("Lazy: nothing moves before the workload changes").containsExactly(target("dc-1", 8), target("dc-2", 4),
                target("dc-3", 2));
        assertThat(audited("POLICY_RESCHEDULED")).isEmpty();

        fleet.deployment("team-a", "web", 14, "1", Map.of("tier", "frontend")).tick(Duration.ofMillis(100));

        assertThat(placed()).containsExactly(target("dc-1", 10), target("dc-2", 4));
        assertThat(purges()).containsExactly("PURGE dc-3 Directly");
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("PropagationPolicy team-a/web changed (clusterAffinity):"
                + " dc-3 2 -> 0 pods (its copy is purged), dc-1 8 -> 10 pods (2 reserved), dc-2 4 -> 4 pods");
    }

    @Test
    void aOneClusterWorkloadMovesWhenItsClusterIsNoLongerSelected() {
        placed(policy("spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"), 4);
        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("dc-1");

        fleet.policy(POLICY_KEY, policy("""
                spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                clusterAffinity: {clusterNames: [dc-2, dc-3]}""")).tick(Duration.ofMillis(100));

        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("dc-2");
        assertThat(reservations()).containsExactly("RESERVE dc-2 4", "RELEASE dc-1");
        assertThat(purges()).containsExactly("PURGE dc-1 Directly");
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("PropagationPolicy team-a/web changed (clusterAffinity):"
                + " dc-1 4 -> 0 pods (its copy is purged), dc-2 0 -> 4 pods (4 reserved)");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsExactly(Map.entry("cpu", "4"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
    }

    @Test
    void aDuplicatedWorkloadGainsACopyWhenItsSpreadBoundGrows() {
        placed(policy("spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"), 2);

        fleet.policy(POLICY_KEY, policy("spreadConstraints: [{spreadByField: cluster, minGroups: 1, maxGroups: 2}]"))
                .tick(Duration.ofMillis(100));

        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("dc-1", "dc-2");
        assertThat(reservations()).as("the copy that runs needs no room").containsExactly("RESERVE dc-2 2");
        assertThat(purges()).isEmpty();
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("PropagationPolicy team-a/web changed (spreadConstraints):"
                + " dc-1 2 -> 2 pods, dc-2 0 -> 2 pods (2 reserved)");
    }

    @Test
    void aChangeThatDoesNotBearOnTheChoiceLeavesThePlacementAlone() {
        placed(policy("""
                clusterAffinities:
                  - {affinityName: primary, clusterNames: [dc-1, dc-2, dc-3]}
                  - {affinityName: backup, clusterNames: [dc-3]}
                """ + DYNAMIC), 14);
        List<ClusterTarget> before = placed();

        // Another priority and another term than the one it was scheduled from (Karmada's clusterAffinitiesChanged).
        fleet.policy(POLICY_KEY, policy("web", 5, """
                clusterAffinities:
                  - {affinityName: primary, clusterNames: [dc-1, dc-2, dc-3]}
                  - {affinityName: backup, clusterNames: [dc-2]}
                """ + DYNAMIC)).advance(Duration.ofSeconds(1));

        assertThat(placed()).isEqualTo(before);
        assertThat(reservations()).isEmpty();
        assertThat(fleet.decisions(WEB)).doesNotContain("POLICY_RESCHEDULED", "POLICY_UNSCHEDULABLE");
    }

    /**
     * A workload placed under the ClusterPropagationPolicy before a PropagationPolicy that selects it reached its task
     * stays claimed by the first, as Karmada's detector keeps a claim ({@code preemption: Never}), in a running task and
     * in one that starts again: a restart's walk of every placed workload moved it (and purged its copy) when the policy
     * it was placed under had not changed (FailoverIT's PURGE with no target, after instance B restarted).
     */
    @Test
    void aPolicyAddedAfterThePlacementMovesNothingAcrossARestart() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.deployment("team-a", "web", 4, "1");
        assertThat(placed()).as("FleetDriver's ClusterPropagationPolicy: one cluster, the roomiest").extracting(ClusterTarget::getName)
                .containsExactly("dc-1");
        fleet.policy(POLICY_KEY, policy("""
                spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                clusterAffinity: {clusterNames: [dc-2, dc-3]}""")).advance(Duration.ofSeconds(1));
        assertThat(placed()).as("in the running task").extracting(ClusterTarget::getName).containsExactly("dc-1");

        fleet = fleet.restarted();
        fleet.advance(Duration.ofSeconds(3));

        assertThat(placed()).as("after a restart").extracting(ClusterTarget::getName).containsExactly("dc-1");
        assertThat(purges()).isEmpty();
        assertThat(fleet.decisions(WEB)).doesNotContain("POLICY_RESCHEDULED", "POLICY_UNSCHEDULABLE");
    }

    /**
     * FailoverIT's failure on TopologyTestDriver: a Deployment of a namespace whose PropagationPolicy tolerates a failed
     * cluster for 10 minutes, placed under the ClusterPropagationPolicy before that policy reached its task, gets no
     * command when its cluster fails; the task that starts again afterwards moved it off the failed cluster, with a PURGE
     * that has no target, before the walk left a workload with the policy it was placed under.
     */
    @Test
    void aToleratedWorkloadOnAFailedClusterGetsNoCommandFromARestartedTask() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.deployment("patient", "p-00", 2, "1");
        fleet.policy("PropagationPolicy/patient/patient", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: patient, namespace: patient}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                    clusterTolerations:
                      - {key: cluster.karmada.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 600}
                      - {key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 600}
                """).advance(Duration.ofSeconds(1));
        String key = "apps/Deployment/patient/p-00";
        assertThat(fleet.placement(key)).isEqualTo("dc-1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.commandsFor(key)).as("tolerated for 10 minutes").isEmpty();

        fleet = fleet.restarted();
        fleet.advance(Duration.ofSeconds(3));

        assertThat(fleet.commandsFor(key)).as("after a restart").isEmpty();
        assertThat(fleet.placement(key)).isEqualTo("dc-1");
    }

    @Test
    void aDeletedPolicyWhoseWorkloadAnotherPolicyGovernsIsScheduledUnderThatOne() {
        placed(policy(DYNAMIC), 14);

        // FleetDriver's ClusterPropagationPolicy selects every Deployment and puts it on one cluster.
        fleet.deletePolicy(POLICY_KEY).tick(Duration.ofMillis(100));

        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("dc-1");
        assertThat(fleet.binding(WEB).getPlacement().getClusters().get(0).getReplicas()).as("one whole copy").isNull();
        assertThat(reservations()).containsExactly("RESERVE dc-1 6", "RELEASE dc-2", "RELEASE dc-3");
        assertThat(purges()).containsExactly("PURGE dc-2 Directly", "PURGE dc-3 Directly");
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("ClusterPropagationPolicy fleet-driver-default claims it from"
                + " PropagationPolicy team-a/web; its placement differs (spreadConstraints, replicaScheduling): dc-2 4 -> 0 pods"
                + " (its copy is purged), dc-3 2 -> 0 pods (its copy is purged), dc-1 8 -> 14 pods (6 reserved)");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsExactly(Map.entry("cpu", "14"));
    }

    @Test
    void aDeletedPolicyWithNoneToTakeOverLeavesThePlacementUntilANewPolicyClaimsIt() {
        fleet = new FleetDriver(stateDir, Map.of(), false)
                .cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy(POLICY_KEY, policy(DYNAMIC)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 14, "1");
        fleet.roomChanges();
        List<ClusterTarget> before = placed();

        fleet.deletePolicy(POLICY_KEY).advance(Duration.ofSeconds(1));

        assertThat(placed()).isEqualTo(before);
        assertThat(reservations()).isEmpty();
        assertThat(audited("POLICY_RELEASED")).containsExactly("PropagationPolicy team-a/web no longer governs it (deleted, refused,"
                + " or no longer selecting it) and no other policy does: its placement stays as it is");

        fleet.policy("PropagationPolicy/team-a/web-2", policy("web-2", 0, "clusterAffinity: {clusterNames: [dc-1]}\n" + DYNAMIC))
                .tick(Duration.ofMillis(100));

        assertThat(placed()).containsExactly(target("dc-1", 14));
        assertThat(purges()).containsExactly("PURGE dc-2 Directly", "PURGE dc-3 Directly");
        assertThat(audited("POLICY_RESCHEDULED")).singleElement().asString()
                .isEqualTo("PropagationPolicy team-a/web-2 claims it (no policy governed it); its placement differs (clusterAffinity):"
                        + " dc-2 4 -> 0 pods (its copy is purged), dc-3 2 -> 0 pods (its copy is purged), dc-1 8 -> 14 pods (6 reserved)");
    }

    @Test
    void aChangeIsWalkedAtMostABudgetOfWorkloadsPerCheck() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/many", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: many, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement: {spreadConstraints: [{spreadByField: cluster, maxGroups: 1}], clusterAffinity: {clusterNames: [dc-1]}}
                """).advance(Duration.ofSeconds(1));
        int count = PolicyFollowing.WALK_BUDGET + 6;
        for (int i = 0; i < count; i++) {
            fleet.deployment("team-a", "w" + i, 1, "100m");
        }
        assertThat(fleet.audit.stream().filter(a -> "PLACED".equals(a.getDecision())).count()).isEqualTo(count);

        fleet.policy("PropagationPolicy/team-a/many", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: many, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement: {spreadConstraints: [{spreadByField: cluster, maxGroups: 1}], clusterAffinity: {clusterNames: [dc-2]}}
                """);
        assertThat(audited("POLICY_RESCHEDULED")).as("one check's walk, in the processing of the change").hasSize(PolicyFollowing.WALK_BUDGET);

        fleet.tick(Duration.ofMillis(100));
        assertThat(audited("POLICY_RESCHEDULED")).hasSize(count);
        assertThat(fleet.binding("apps/Deployment/team-a/w" + (count - 1)).getPlacement().getClusters())
                .extracting(ClusterTarget::getName).containsExactly("dc-2");
    }

    @Test
    void aPlacementNoClusterOfTheNewPolicyCanTakeStaysAndIsAuditedOnce() {
        placed(policy(DYNAMIC), 14);
        List<ClusterTarget> before = placed();

        fleet.policy(POLICY_KEY, policy("clusterAffinity: {clusterNames: [dc-9]}\n" + DYNAMIC)).advance(Duration.ofSeconds(5));

        assertThat(placed()).isEqualTo(before);
        assertThat(reservations()).isEmpty();
        assertThat(purges()).isEmpty();
        assertThat(audited("POLICY_UNSCHEDULABLE")).as("tried again after the retry interval, audited once").singleElement().asString()
                .startsWith("PropagationPolicy team-a/web changed (clusterAffinity) and the workload cannot be scheduled again: no set of"
                        + " clusters can take the workload")
                .endsWith("; the placement stays as it was and is tried again");
    }

    @Test
    void aRefusedGrowthSchedulesAgainWithWhatTheClusterSaidItHolds() {
        placed(policy(DYNAMIC), 14);
        // Long after: the headroom the task's lease kept beside the first placement is no longer usable, and goes back.
        fleet.advance(LeaseSettings.DEFAULT_TTL.dividedBy(2).plusSeconds(1));
        // What another partition holds on dc-1: this task's view cannot know it, so dc-1 refuses its growth.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "63"));

        fleet.policy(POLICY_KEY, policy("clusterAffinity: {clusterNames: [dc-1, dc-2]}\n" + DYNAMIC)).tick(Duration.ofMillis(100));

        assertThat(fleet.decisions(WEB)).containsOnlyOnce("RESERVATION_REFUSED").containsOnlyOnce("POLICY_RESCHEDULED");
        assertThat(audited("RESERVATION_REFUSED")).as("dc-1 was asked for dc-3's 2 pods first")
                .containsExactly("dc-1: cpu short by 2 (needs 2, free 0)");
        assertThat(reservations()).as("a refused request holds nothing: dc-2 takes the 2 pods, dc-3's room goes back")
                .containsExactly("RESERVE dc-2 2", "RELEASE dc-3");
        assertThat(placed()).containsExactly(target("dc-2", 6), target("dc-1", 8));
        assertThat(purges()).containsExactly("PURGE dc-3 Directly");
    }

    @Test
    void aRefusedGrowthOfStaticWeightsIsPlacedWithNoRoomHeldAsKarmadaDividesAfreshWhateverTheRoom() {
        String equalWeights = "replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted}";
        placed(policy(equalWeights), 6);
        fleet.advance(LeaseSettings.DEFAULT_TTL.dividedBy(2).plusSeconds(1));
        // What another partition holds on dc-1: this task's view cannot know it, so dc-1 refuses its growth.
        fleet.heldElsewhere("dc-1", Map.of("cpu", "63"));

        fleet.policy(POLICY_KEY, policy("clusterAffinity: {clusterNames: [dc-1, dc-2]}\n" + equalWeights)).tick(Duration.ofMillis(100));

        assertThat(placed()).as("6 by 1:1, dc-1's refused growth placed all the same")
                .containsExactlyInAnyOrder(target("dc-1", 3), target("dc-2", 3));
        assertThat(fleet.binding(WEB).getPlacement().getRoomNotes()).singleElement().satisfies(note -> {
            assertThat(note.getCluster()).isEqualTo("dc-1");
            assertThat(note.getMessage()).startsWith("cluster dc-1's pods {main=1} are placed with no room held: ");
        });
        assertThat(fleet.decisions(WEB)).containsOnlyOnce("RESERVATION_REFUSED").containsOnlyOnce("POLICY_RESCHEDULED")
                .doesNotContain("POLICY_UNSCHEDULABLE");
        assertThat(reservations()).as("dc-1's growth is refused by the task's lease there, which holds nothing for it")
                .containsExactlyInAnyOrder("RESERVE dc-2 1", "RELEASE dc-3");
        assertThat(purges()).containsExactly("PURGE dc-3 Directly");
    }

    @Test
    void aPlacementGivenByItsUserIsNotScheduledAgain() {
        placed(policy(DYNAMIC), 14);
        fleet.placedWorkload(WEB, """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"replicas":14,"template":{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"1"}}}]}}}}""", "dc-3");
        assertThat(fleet.decidedBy(WEB)).isEqualTo("user");
        fleet.roomChanges();

        fleet.policy(POLICY_KEY, policy("clusterAffinity: {clusterNames: [dc-1]}\n" + DYNAMIC)).advance(Duration.ofSeconds(1));

        assertThat(placed()).extracting(ClusterTarget::getName).containsExactly("dc-3");
        assertThat(fleet.decisions(WEB)).doesNotContain("POLICY_RESCHEDULED", "POLICY_UNSCHEDULABLE");
        assertThat(fleet.workload(WEB).getApplied()).as("no policy's placement applies to it").isNull();
    }

    @Test
    void aWorkloadBeingMigratedIsScheduledAgainOnceItsMigrationIsOver() {
        placed(policy("spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]"), 2);
        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        assertThat(command.getTargetCluster()).isEqualTo("dc-2");

        fleet.policy(POLICY_KEY, policy("""
                spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                clusterAffinity: {clusterNames: [dc-1, dc-3]}""")).advance(Duration.ofSeconds(3));
        assertThat(fleet.decisions(WEB)).as("its migration is under way").doesNotContain("POLICY_RESCHEDULED");

        fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        fleet.roomChanges();
        fleet.advance(Duration.ofSeconds(2));

        assertThat(fleet.placement(WEB)).as("dc-1 is failed").isEqualTo("dc-3");
        assertThat(reservations()).containsExactly("RESERVE dc-3 2", "RELEASE dc-2");
        assertThat(audited("POLICY_RESCHEDULED")).containsExactly("PropagationPolicy team-a/web changed (clusterAffinity):"
                + " dc-2 2 -> 0 pods (its copy is purged), dc-3 0 -> 2 pods (2 reserved)");
    }
}
