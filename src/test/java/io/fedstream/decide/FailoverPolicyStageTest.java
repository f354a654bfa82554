package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.PurgeMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The policy's failover API on the whole topology: {@code failover.cluster} governs what a cluster failure's commands
 * say, the seed's {@code failover.enable} and nested {@code checkpointStorage} are honoured.
 */
class FailoverPolicyStageTest extends FleetStageTest {

    private static final String FLINK = "flink.apache.org/FlinkDeployment/team-a/orders";
    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String API = "apps/Deployment/team-a/api";
    /** The seed's PropagationPolicy, with clusters of this test's fleet. */
    private static final String SEED_POLICY = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: PropagationPolicy
            metadata: {name: flink, namespace: team-a}
            spec:
              resourceSelectors:
                - apiVersion: flink.apache.org/v1beta1
                  kind: FlinkDeployment
              placement:
                spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                clusterAffinity:
                  clusterNames: [dc-2, dc-3]
              failover:
                enable: true
                checkpointStorage:
                  s3:
                    endpoint: "https://s3.example.com"
                    bucket: "flink-checkpoints"
            """;

    private static String deploymentPolicy(String name, String failover) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: %s, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: %s}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                  failover:
                """.formatted(name, name) + failover.indent(4);
    }

    @Test
    void theSeedsPolicyGovernsPlacementAndItsNestedCheckpointStorageReachesEveryCommandVerbatim() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/flink", SEED_POLICY).flink("team-a", "orders");
        assertThat(fleet.placement(FLINK)).as("dc-1 has the most room, but the policy names dc-2 and dc-3").isEqualTo("dc-2");

        fleet.silence("dc-2").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(FLINK).get(0);
        fleet.report(command, MigrationPhase.COMPLETED, null).status(FLINK, "dc-3", null, null);

        assertThat(command.getTargetCluster()).isEqualTo("dc-3");
        assertThat(command.getPurgeMode()).as("Karmada's default without failover.cluster").isEqualTo(PurgeMode.Gracefully);
        assertThat(command.getGracePeriodSeconds()).isEqualTo(600);
        List<MigrationCommand> commands = fleet.commandsFor(FLINK);
        assertThat(commands).extracting(MigrationCommand::getAction).containsExactly(MigrationAction.MIGRATE, MigrationAction.PURGE);
        assertThat(commands).allSatisfy(each -> {
            assertThat(each.getCheckpointStorageJson())
                    .isEqualTo("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}");
            assertThat(each.getCheckpointStorage())
                    .containsOnly(entry("s3.endpoint", "https://s3.example.com"), entry("s3.bucket", "flink-checkpoints"));
        });
    }

    @Test
    void theSeedsPolicyWithAMaintenanceNoExecuteTaintOnItsClusterMigratesAtOnceWithTheCheckpointStorage() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/flink", SEED_POLICY).flink("team-a", "orders");
        java.time.Instant drained = fleet.now();

        fleet.cluster("dc-2", "64", "256Gi", java.util.Map.of(),
                io.fedstream.avro.Taint.newBuilder().setKey("maintenance").setEffect("NoExecute").build()).advance(Duration.ofSeconds(1));

        MigrationCommand command = fleet.commandsFor(FLINK).get(0);
        assertThat(command.getAction()).isEqualTo(MigrationAction.MIGRATE);
        assertThat(command.getTargetCluster()).isEqualTo("dc-3");
        assertThat(Duration.between(drained, command.getIssuedAt()))
                .as("as Karmada's taint manager: no toleration covers maintenance, so at once").isLessThan(Duration.ofSeconds(2));
        assertThat(command.getCheckpointStorageJson())
                .isEqualTo("{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}");
    }

    @Test
    void aClusterFailureFollowsFailoverClusterNotTheApplicationBehaviour() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", deploymentPolicy("web", """
                application:
                  decisionConditions: {tolerationSeconds: 2}
                  purgeMode: Never
                  statePreservation:
                    rules: [{aliasLabelName: app-rule, jsonPath: "{.app}"}]
                cluster:
                  purgeMode: Directly
                  statePreservation:
                    rules: [{aliasLabelName: cluster-rule, jsonPath: "{.cluster}"}]
                """)).deployment("team-a", "web", 2, "1");
        fleet.status(WEB, "dc-1", null, "{\"app\":\"a\",\"cluster\":\"c\"}");

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        fleet.report(command, MigrationPhase.COMPLETED, null).cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(5));

        assertThat(command.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        assertThat(command.getGracePeriodSeconds()).as("a grace period is for Gracefully only").isNull();
        assertThat(command.getPreservedState()).containsOnly(entry("cluster-rule", "c"));
        assertThat(fleet.commandsFor(WEB)).extracting(MigrationCommand::getAction, MigrationCommand::getPurgeMode)
                .as("the copy left on dc-1 is purged, where the application behaviour (Never) would keep it")
                .containsExactly(org.assertj.core.groups.Tuple.tuple(MigrationAction.MIGRATE, PurgeMode.Directly),
                        org.assertj.core.groups.Tuple.tuple(MigrationAction.PURGE, PurgeMode.Directly));
    }

    @Test
    void aPolicyThatDisablesFailoverLeavesItsWorkloadsWhereTheyAreAndSaysSoOnce() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", deploymentPolicy("web", "enable: false"))
                .policy("PropagationPolicy/team-a/api", deploymentPolicy("api", "enable: true"))
                .deployment("team-a", "web", 2, "1").deployment("team-a", "api", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");

        fleet.silence("dc-1").advance(Duration.ofSeconds(40));

        assertThat(fleet.commandsFor(API)).as("the incident is acted on").hasSize(1);
        assertThat(fleet.commandsFor(WEB)).isEmpty();
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        List<AuditEvent> disabled = fleet.audit.stream().filter(a -> "MIGRATION_DISABLED".equals(a.getDecision())).toList();
        assertThat(disabled).as("one decision per incident, however often the punctuator checks").singleElement().satisfies(a -> {
            assertThat(a.getWorkloadKey()).isEqualTo(WEB);
            assertThat(a.getCluster()).isEqualTo("dc-1");
            assertThat(a.getIncidentId()).isEqualTo(fleet.commandsFor(API).get(0).getIncidentId());
            assertThat(a.getReason()).isEqualTo("stays on dc-1: PropagationPolicy/team-a/web says spec.failover.enable: false");
        });
    }

    @Test
    void aPolicyThatEnablesFailoverAgainDuringTheIncidentLetsItsWorkloadMove() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", deploymentPolicy("web", "enable: false")).deployment("team-a", "web", 2, "1");
        fleet.silence("dc-1").advance(Duration.ofSeconds(20));
        assertThat(fleet.commandsFor(WEB)).isEmpty();

        fleet.policy("PropagationPolicy/team-a/web", deploymentPolicy("web", "enable: true")).advance(Duration.ofSeconds(3));

        assertThat(fleet.commandsFor(WEB)).singleElement().satisfies(command -> {
            assertThat(command.getSourceCluster()).isEqualTo("dc-1");
            assertThat(command.getAttempt()).isEqualTo(1);
        });
    }
}
