package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-cluster override results follow override policies and clusters that change after a workload was bound. */
class OverrideFollowStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String POLICY_KEY = "OverridePolicy/team-a/sized-on-big";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"},"staticAssignments":[
               {"clusterName":"dc-1","hard":{"cpu":"20"}},{"clusterName":"dc-2","hard":{"cpu":"20"}}]}}""";

    /** {@code replicas} replicas on the clusters labelled tier=big. */
    private static String sizedOnBig(int replicas) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: sized-on-big, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  overrideRules:
                    - targetCluster: {labelSelector: {matchLabels: {tier: big}}}
                      overriders:
                        plaintext: [{path: /spec/replicas, operator: replace, value: %d}]
                """.formatted(replicas);
    }

    /** A moment of wall clock after a change: the follower needs none (it follows in the change's processing). */
    private static final Duration OVERRIDE_CHECK = Duration.ofMillis(100);

    @Test
    void anOverridePolicyAddedChangedAndDeletedLaterIsShownAndChargedOnTheClusterTheWorkloadRunsOn() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "32", "256Gi", Map.of("tier", "big")).cluster("dc-2", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getClusterOverrides()).isEmpty();
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");

        fleet.policy(POLICY_KEY, sizedOnBig(5)).advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getClusterOverrides()).singleElement().satisfies(o -> {
            assertThat(o.getCluster()).isEqualTo("dc-1");
            assertThat(o.getTotal()).containsEntry("cpu", "5");
        });
        assertThat(fleet.binding(WEB).getGeneration()).as("the manifest did not change").isEqualTo(1);
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "5");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "5");

        fleet.policy(POLICY_KEY, sizedOnBig(3)).advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getClusterOverrides()).singleElement()
                .satisfies(o -> assertThat(o.getTotal()).containsEntry("cpu", "3"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "3");

        fleet.deletePolicy(POLICY_KEY).advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getClusterOverrides()).isEmpty();
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "2");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");
    }

    @Test
    void aPolicyChangeAndARelabelledClusterReachTheWorkloadWithinAFractionOfASecondNotAtTheHealthCheckInterval() {
        fleet = new FleetDriver(stateDir, Map.of("health.check.interval.ms", "3000")).cluster("dc-1", "32", "256Gi", Map.of("tier", "big"))
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");

        fleet.policy(POLICY_KEY, sizedOnBig(5)).tick(OVERRIDE_CHECK);

        assertThat(fleet.binding(WEB).getClusterOverrides()).singleElement().satisfies(o -> assertThat(o.getTotal()).containsEntry("cpu", "5"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "5");

        // A relabelled heartbeat: dc-1 is no longer big, and the next check (not the next health check) recomputes it.
        fleet.cluster("dc-1", "32", "256Gi", Map.of("tier", "small")).tick(OVERRIDE_CHECK);

        assertThat(fleet.binding(WEB).getClusterOverrides()).isEmpty();
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");
    }

    @Test
    void heartbeatsThatChangeNothingARuleSelectsSendNoRecomputation() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "32", "256Gi", Map.of("tier", "big")).advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, sizedOnBig(5)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(1));
        int decisions = fleet.decisions(WEB).size();
        ResourceBinding before = fleet.binding(WEB);

        fleet.advance(Duration.ofSeconds(20));

        assertThat(fleet.binding(WEB)).as("no binding written again").isSameAs(before);
        assertThat(fleet.decisions(WEB)).hasSize(decisions);
    }

    @Test
    void anOverrideThatNoLongerFitsTheClustersAssignmentIsRejectedAndThePreviousChargeKept() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "32", "256Gi", Map.of("tier", "big")).advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");

        fleet.policy(POLICY_KEY, sizedOnBig(25)).advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getAdmission().getState().name()).isEqualTo("REJECTED");
        assertThat(fleet.binding(WEB).getAdmission().getRejections()).singleElement().satisfies(r -> {
            assertThat(r.getCluster()).isEqualTo("dc-1");
            assertThat(r.getUsed() + " + " + r.getRequested()).as("25 in all").isEqualTo("2 + 23");
        });
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("the copy as admitted before").containsEntry("cpu", "2");
    }

    @Test
    void aClusterThatJoinsAfterTheWorkloadWasBoundGetsItsOverridesAndAMigrationThereCarriesThem() throws Exception {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, sizedOnBig(5)).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getClusterOverrides()).isEmpty();

        fleet.cluster("dc-2", "32", "256Gi", Map.of("tier", "big")).advance(Duration.ofSeconds(2));

        assertThat(fleet.binding(WEB).getClusterOverrides()).singleElement().satisfies(o -> assertThat(o.getCluster()).isEqualTo("dc-2"));
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("dc-1 runs the workload as written").containsEntry("cpu", "2");

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        assertThat(command.getTargetCluster()).isEqualTo("dc-2");
        assertThat(new ObjectMapper().readTree(command.getTargetManifest()).at("/spec/replicas").intValue()).isEqualTo(5);
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "5");
    }
}
