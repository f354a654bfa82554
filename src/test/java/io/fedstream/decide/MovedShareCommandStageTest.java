package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A Divided share that moves to a new cluster tells the executor the share's pods per component ({@code targetReplicas}),
 * whether or not an override rule applies on the target, as Karmada's {@code ensureWork} revises every Work's replicas to
 * its cluster's share; a Duplicated copy carries none (it runs the workload's replicas).
 */
class MovedShareCommandStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Four replicas over two of three 2-cpu clusters by available replicas: 2 and 2, and a failed share fits only the third. */
    private static final String DIVIDED = webPolicyPlacing("""
            spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]
            replicaScheduling:
              replicaSchedulingType: Divided
              weightPreference: {dynamicWeight: AvailableReplicas}
            """);
    private static final String LABEL_ON_DC3 = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: OverridePolicy
            metadata: {name: label, namespace: team-a}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
              overrideRules:
                - targetCluster: {clusterNames: [dc-3]}
                  overriders:
                    labelsOverrider: [{operator: add, value: {zone: dc-3}}]
            """;

    private FleetDriver threeSmallClusters() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "2", "64Gi").cluster("dc-2", "2", "64Gi").cluster("dc-3", "2", "64Gi")
                .advance(Duration.ofSeconds(1));
        return fleet.policy("PropagationPolicy/team-a/web", DIVIDED).advance(Duration.ofSeconds(1));
    }

    private MigrationCommand moveOfDc1() {
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).extracting(ClusterTarget::getName, ClusterTarget::getReplicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dc-1", 2L), org.assertj.core.groups.Tuple.tuple("dc-2", 2L));
        fleet.silence("dc-1").advance(Duration.ofSeconds(30));
        List<MigrationCommand> commands = fleet.commandsFor(WEB);
        assertThat(commands).extracting(c -> c.getAction() + " " + c.getSourceCluster() + "->" + c.getTargetCluster())
                .containsExactly("MIGRATE dc-1->dc-3");
        return commands.get(0);
    }

    @Test
    void aShareMovingWhereNoOverrideRuleAppliesCarriesItsReplicasAndNoManifest() {
        threeSmallClusters().deployment("team-a", "web", 4, "1");

        MigrationCommand command = moveOfDc1();

        assertThat(command.getTargetReplicas()).as("dc-1's share, not the workload's 4").containsExactly(Map.entry("main", 2L));
        assertThat(command.getTargetManifest()).as("no rule applies on dc-3: the executor revises the workload's manifest").isNull();
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).extracting(ClusterTarget::getName, ClusterTarget::getReplicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dc-3", 2L), org.assertj.core.groups.Tuple.tuple("dc-2", 2L));
    }

    @Test
    void aShareMovingWhereAnOverrideRuleAppliesCarriesTheOverriddenManifestWithTheSameReplicas() throws Exception {
        threeSmallClusters().policy("OverridePolicy/team-a/label", LABEL_ON_DC3).advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 4, "1");

        MigrationCommand command = moveOfDc1();

        assertThat(command.getTargetReplicas()).containsExactly(Map.entry("main", 2L));
        JsonNode manifest = JSON.readTree(command.getTargetManifest());
        assertThat(manifest.at("/spec/replicas").asLong()).isEqualTo(2);
        assertThat(manifest.at("/metadata/labels/zone").asText()).isEqualTo("dc-3");
    }

    @Test
    void aDuplicatedCopyThatMovesCarriesNoReplicas() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "2", "64Gi").cluster("dc-2", "2", "64Gi").cluster("dc-3", "2", "64Gi")
                .advance(Duration.ofSeconds(1));
        fleet.policy("PropagationPolicy/team-a/web", webPolicyPlacing(
                "spreadConstraints: [{spreadByField: cluster, minGroups: 2, maxGroups: 2}]"))
                .advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        fleet.silence("dc-1").advance(Duration.ofSeconds(30));

        MigrationCommand command = fleet.commandsFor(WEB).stream().filter(c -> c.getAction() == MigrationAction.MIGRATE).findFirst().orElseThrow();
        assertThat(command.getTargetCluster()).isEqualTo("dc-3");
        assertThat(command.getTargetReplicas()).as("a full copy runs the workload's replicas").isEmpty();
    }
}
