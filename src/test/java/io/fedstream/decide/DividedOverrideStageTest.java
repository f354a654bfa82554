package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.api.BindingObject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A DIVIDED workload's share on a cluster is charged, and admitted, for what its overrides make it run there. */
class DividedOverrideStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    /**
     * The same 2:1 division by available replicas (dc-1 16 cpu, dc-2 8), over at least two clusters: a share on dc-2
     * cannot be avoided even when its assignment is full (docs/placement.md, "Static assignments").
     */
    private static final String BOTH_BY_AVAILABLE_REPLICAS = webPolicyPlacing("""
            spreadConstraints: [{spreadByField: cluster, minGroups: 2}]
            replicaScheduling:
              replicaSchedulingType: Divided
              replicaDivisionPreference: Weighted
              weightPreference: {dynamicWeight: AvailableReplicas}
            """);
    /** dc-1 runs four replicas whatever its share; every pod on dc-2 asks for two cpu. */
    private static final String PER_CLUSTER = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: OverridePolicy
            metadata: {name: per-cluster, namespace: team-a}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
              overrideRules:
                - targetCluster: {clusterNames: [dc-1]}
                  overriders:
                    plaintext: [{path: /spec/replicas, operator: replace, value: 4}]
                - targetCluster: {clusterNames: [dc-2]}
                  overriders:
                    plaintext: [{path: /spec/template/spec/containers/0/resources/requests/cpu, operator: replace, value: "2"}]
            """;

    private static String quota(String dc2Cpu) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"100"},"staticAssignments":[
                   {"clusterName":"dc-1","hard":{"cpu":"20"}},{"clusterName":"dc-2","hard":{"cpu":"%s"}}]}}""".formatted(dc2Cpu);
    }

    private FleetDriver twoClusters(String dc2Cpu, String propagationPolicy) {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "8", "64Gi").advance(Duration.ofSeconds(1));
        return fleet.policy("FederatedResourceQuota/team-a/q", quota(dc2Cpu)).policy("PropagationPolicy/team-a/web", propagationPolicy)
                .policy("OverridePolicy/team-a/per-cluster", PER_CLUSTER).advance(Duration.ofSeconds(1));
    }

    @Test
    void eachSharesOverriddenReplicasOrPerPodRequestsAreChargedToItsCluster() {
        twoClusters("20", WEB_TWO_TO_ONE_BY_STATIC_WEIGHTS).deployment("team-a", "web", 3, "1");

        assertThat(fleet.binding(WEB).getPlacement().getClusters()).extracting(c -> c.getName() + " " + c.getReplicas())
                .containsExactly("dc-1 2", "dc-2 1");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("the override sets 4 replicas there").containsExactly(Map.entry("cpu", "4"));
        assertThat(fleet.usedOn("team-a/q", "dc-2")).as("its one replica asks for 2 cpu").containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.binding(WEB).getAdmission().getCharged()).containsEntry("cpu", "6").containsEntry("pods", "5");
    }

    @Test
    void aShareWhoseOverriddenDemandExceedsItsClustersAssignmentIsRejectedNamingTheCluster() {
        twoClusters("1500m", BOTH_BY_AVAILABLE_REPLICAS).deployment("team-a", "web", 3, "1");

        assertThat(fleet.binding(WEB).getAdmission().getRequestedPlacement().getClusters())
                .extracting(c -> c.getName() + " " + c.getReplicas()).containsExactly("dc-1 2", "dc-2 1");

        assertThat(fleet.binding(WEB).getAdmission().getState().name()).isEqualTo("REJECTED");
        assertThat(fleet.binding(WEB).getAdmission().getRejections()).singleElement().satisfies(r -> {
            assertThat(r.getCluster()).isEqualTo("dc-2");
            assertThat(r.getResource()).isEqualTo("cpu");
            assertThat(r.getRequested()).isEqualTo("2");
        });
    }

    @Test
    void aShareThatWouldExceedItsClustersAssignmentIsNotGivenWhileTheOtherClusterTakesTheReplicas() {
        twoClusters("1500m", WEB_TWO_TO_ONE_BY_STATIC_WEIGHTS).deployment("team-a", "web", 3, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState().name()).isEqualTo("ADMITTED");
        assertThat(fleet.binding(WEB).getPlacement().getClusters()).extracting(c -> c.getName() + " " + c.getReplicas())
                .containsExactly("dc-1 3");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("the override sets 4 replicas there").containsExactly(Map.entry("cpu", "4"));
    }

    @Test
    void eachSharesOverrideResultShowsTheShareItRunsAsItIsCharged() {
        twoClusters("20", WEB_TWO_TO_ONE_BY_STATIC_WEIGHTS).deployment("team-a", "web", 3, "1");

        // What `get rb web -o yaml` shows: Karmada's ensureWork revises the replicas to the share, then the overrides apply.
        JsonNode shown = BindingObject.toJson(fleet.binding(WEB)).at("/status/clusterOverrides");
        assertThat(shown).extracting(o -> o.get("cluster").asText() + " " + o.at("/components/0/replicas").asLong() + " pods, cpu "
                        + o.at("/total/cpu").asText() + "; manifest replicas " + manifest(o).at("/spec/replicas").asLong() + " of cpu "
                        + manifest(o).at("/spec/template/spec/containers/0/resources/requests/cpu").asText())
                .containsExactly("dc-1 4 pods, cpu 4; manifest replicas 4 of cpu 1", "dc-2 1 pods, cpu 2; manifest replicas 1 of cpu 2");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).as("what is shown is what is charged").containsExactly(Map.entry("cpu", "2"));
        assertThat(fleet.binding(WEB).getClusterOverrides().get(1).getManifest()).as("the binding keeps the results as written")
                .contains("\"replicas\":3");
    }

    private static JsonNode manifest(JsonNode override) {
        try {
            return new ObjectMapper().readTree(override.get("manifest").asText());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }
}
