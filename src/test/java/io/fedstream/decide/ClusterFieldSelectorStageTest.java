package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster's provider, region and zones, as its heartbeats report them, select it for placement and for override rules. */
class ClusterFieldSelectorStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";

    private FleetDriver twoRegions() {
        return new FleetDriver(stateDir).cluster("us-big", "64", "256Gi").cluster("eu-small", "16", "256Gi")
                .topology("us-big", "aws", "us-east-1", "us-east-1a")
                .topology("eu-small", "gcp", "europe-west1", "europe-west1-b", "europe-west1-c")
                .advance(Duration.ofSeconds(1));
    }

    @Test
    void aClusterAffinityFieldSelectorPlacesOnlyOnClustersOfTheListedRegion() {
        fleet = twoRegions();
        fleet.policy("PropagationPolicy/team-a/eu-only", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: eu-only, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    clusterAffinity:
                      fieldSelector:
                        matchExpressions: [{key: region, operator: In, values: [europe-west1]}]
                """).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).as("us-big is roomier, but not in europe-west1").isEqualTo("eu-small");
        assertThat(fleet.deadLetters).as("the policy is accepted").isEmpty();
    }

    @Test
    void aZoneNotInFieldSelectorLeavesOutEveryClusterWithALIstedZone() {
        fleet = twoRegions();
        fleet.policy("PropagationPolicy/team-a/not-c", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: not-c, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    clusterAffinity:
                      fieldSelector:
                        matchExpressions: [{key: zone, operator: NotIn, values: [europe-west1-c]}]
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 2}]
                """).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.binding(WEB).getPlacement().getClusters()).extracting(c -> c.getName()).containsExactly("us-big");
    }

    @Test
    void anOverrideRuleTargetsClustersByProvider() {
        fleet = twoRegions();
        fleet.policy("OverridePolicy/team-a/five-on-aws", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: five-on-aws, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                  overrideRules:
                    - targetCluster: {fieldSelector: {matchExpressions: [{key: provider, operator: In, values: [aws]}]}}
                      overriders:
                        plaintext: [{path: /spec/replicas, operator: replace, value: 5}]
                """).advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.binding(WEB).getClusterOverrides()).singleElement().satisfies(o -> {
            assertThat(o.getCluster()).isEqualTo("us-big");
            assertThat(o.getTotal()).containsEntry("cpu", "5");
        });
        assertThat(fleet.placement(WEB)).isEqualTo("us-big");
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "5");
        assertThat(Map.copyOf(fleet.binding(WEB).getTotal())).as("the workload as written").containsEntry("cpu", "2");
    }
}
