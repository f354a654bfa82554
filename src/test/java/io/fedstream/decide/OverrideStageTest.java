package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.ResourceBinding;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** OverridePolicies on the whole topology: a cluster's copy is charged, shown and moved as its overrides make it. */
class OverrideStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"100"},"staticAssignments":[
               {"clusterName":"dc-1","hard":{"cpu":"20"}},{"clusterName":"dc-2","hard":{"cpu":"20"}}]}}""";
    /** Five replicas on the clusters labelled tier=big, whatever the workload says. */
    private static final String FIVE_ON_BIG = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: OverridePolicy
            metadata: {name: five-on-big, namespace: team-a}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
              overrideRules:
                - targetCluster: {labelSelector: {matchLabels: {tier: big}}}
                  overriders:
                    plaintext: [{path: /spec/replicas, operator: replace, value: 5}]
                    labelsOverrider: [{operator: add, value: {sized: big}}]
            """;

    @Test
    void anOverrideOfReplicasForTheChosenClusterChangesThatClustersCharge() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "32", "256Gi", Map.of("tier", "big")).cluster("dc-2", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy("OverridePolicy/team-a/five-on-big", FIVE_ON_BIG)
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        ResourceBinding web = fleet.binding(WEB);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(web.getTotal()).as("the workload's own manifest").containsEntry("cpu", "2");
        assertThat(web.getClusterOverrides()).singleElement().satisfies(override -> {
            assertThat(override.getCluster()).isEqualTo("dc-1");
            assertThat(override.getApplied()).containsExactly("OverridePolicy team-a/five-on-big spec.overrideRules[0]");
            assertThat(override.getProblem()).isNull();
            assertThat(override.getComponents()).singleElement().satisfies(c -> assertThat(c.getReplicas()).isEqualTo(5));
            assertThat(override.getTotal()).containsEntry("cpu", "5").containsEntry("memory", "5Gi");
        });
        assertThat(web.getAdmission().getCharged()).containsEntry("cpu", "5").containsEntry("pods", "5");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("the quota limits cpu only").containsExactly(Map.entry("cpu", "5"));
    }

    @Test
    void theOverriddenClusterMustHaveRoomForItsOverriddenReplicasElseTheNextCandidateIsAsked() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "256Gi", Map.of("tier", "big")).cluster("dc-2", "8", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("OverridePolicy/team-a/twenty-on-big", FIVE_ON_BIG.replace("five-on-big", "twenty-on-big").replace("value: 5", "value: 20"))
                .advance(Duration.ofSeconds(1));
        fleet.roomChanges();

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.roomChanges()).extracting(r -> r.cluster() + " " + r.components().get(0).replicas())
                .as("dc-1 looks roomiest for 2 replicas, but its copy runs 20: only dc-2 holds room").containsExactly("dc-2 2");
        assertThat(fleet.decisions(WEB)).containsSubsequence("RESERVATION_REFUSED", "PLACED");
        assertThat(fleet.audit).filteredOn(a -> "RESERVATION_REFUSED".equals(a.getDecision())).singleElement()
                .satisfies(refused -> assertThat(refused.getReason()).isEqualTo("dc-1: cpu short by 4 (needs 20, free 16)"));
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "2");
    }

    @Test
    void aClusterTheRulesDoNotTargetIsChargedForTheWorkloadAsWritten() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "256Gi", Map.of("tier", "big")).cluster("dc-2", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy("OverridePolicy/team-a/five-on-big", FIVE_ON_BIG)
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "2");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "2");
    }

    @Test
    void aMigrationToAnOverriddenClusterCarriesItsManifestAndMovesItsCharge() throws Exception {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi", Map.of("tier", "big"))
                .advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy("OverridePolicy/team-a/five-on-big", FIVE_ON_BIG)
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);

        assertThat(command.getTargetCluster()).isEqualTo("dc-2");
        var manifest = new ObjectMapper().readTree(command.getTargetManifest());
        assertThat(manifest.at("/spec/replicas").intValue()).isEqualTo(5);
        assertThat(manifest.at("/metadata/labels/sized").textValue()).isEqualTo("big");
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "5");
        assertThat(fleet.usedOn("team-a/q", "dc-1").getOrDefault("cpu", "0")).isEqualTo("0");
    }

    @Test
    void aRuleThatCannotApplyIsShownWithPolicyRuleAndPathAndTheClusterIsChargedAsWritten() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "32", "256Gi").advance(Duration.ofSeconds(1));
        fleet.policy("ClusterOverridePolicy//surge", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: surge}
                spec:
                  overrideRules:
                    - overriders:
                        plaintext: [{path: /spec/strategy/rollingUpdate/maxSurge, operator: add, value: 1}]
                """).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        List<ClusterOverride> overrides = fleet.binding(WEB).getClusterOverrides();
        assertThat(overrides).singleElement().satisfies(o -> {
            assertThat(o.getCluster()).isEqualTo("dc-1");
            assertThat(o.getProblem()).isEqualTo("ClusterOverridePolicy surge, spec.overrideRules[0].overriders.plaintext[0]: "
                    + "add /spec/strategy/rollingUpdate/maxSurge: the manifest has no /spec/strategy (for cluster dc-1)");
            assertThat(o.getManifest()).isNull();
        });
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "2");
    }
}
