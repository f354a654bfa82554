package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.decide.PropagationPolicies;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Karmada propagates nothing that no policy selects: such a workload is interpreted and admitted, charged once overall
 * and on no cluster, not placed, and its binding says why, until a valid policy governs it.
 */
class NoPolicyPlacementTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String WEB_POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"20"}}}""";

    private FleetDriver fleetWithoutPolicies() {
        fleet = new FleetDriver(stateDir, Map.of(), false)
                .cluster("dc-1", "16", "64Gi").cluster("dc-2", "32", "64Gi").advance(Duration.ofSeconds(1));
        return fleet.policy("FederatedResourceQuota/team-a/q", QUOTA);
    }

    private static String webPolicy(String extraSpecField) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","name":"web"}],
                         "placement":{"clusterAffinity":{"clusterNames":["dc-1"]}}%s}}""".formatted(extraSpecField);
    }

    @Test
    void aWorkloadNoPolicySelectsIsAdmittedAndChargedOverallButNotPlacedAndTheBindingSaysWhy() {
        fleetWithoutPolicies();

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(5));

        ResourceBinding web = fleet.binding(WEB);
        assertThat(web.getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(web.getAdmission().getCharged()).containsEntry("cpu", "2");
        assertThat(web.getPlacement()).isNull();
        assertThat(web.getUnplacedReason()).isEqualTo("no PropagationPolicy or ClusterPropagationPolicy matches")
                .isEqualTo(PropagationPolicies.NO_POLICY);
        assertThat(fleet.roomChanges()).as("no cluster is asked for room").isEmpty();
        assertThat(fleet.quotaStatus("team-a/q").getUsed()).containsEntry("cpu", "2");
        assertThat(fleet.quotaStatus("team-a/q").getClusters()).as("charged on no cluster").isEmpty();
        assertThat(fleet.decisions(WEB)).as("audited once, though retried every interval").containsExactly("ADMITTED", "UNPLACEABLE");
        assertThat(fleet.audit.stream().filter(a -> "UNPLACEABLE".equals(a.getDecision())).findFirst().orElseThrow().getReason())
                .isEqualTo(PropagationPolicies.NO_POLICY);
    }

    @Test
    void aMatchingPolicyThatArrivesLaterPlacesTheWaitingWorkloadWithinACheckInterval() {
        fleetWithoutPolicies().deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(3));
        assertThat(fleet.placement(WEB)).isNull();
        Instant unplacedAt = fleet.binding(WEB).getUpdatedAt();
        Instant policyAt = fleet.now();

        fleet.policy(WEB_POLICY_KEY, webPolicy("")).advance(Duration.ofSeconds(1));

        assertThat(fleet.placement(WEB)).as("the policy's affinity, not the roomiest cluster").isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.binding(WEB).getUpdatedAt()).as("the placement is the binding's latest change, what get resourcebindings' UPDATED ages")
                .isAfterOrEqualTo(policyAt).isAfter(unplacedAt).isBeforeOrEqualTo(fleet.now());
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "2");
        assertThat(fleet.quotaStatus("team-a/q").getUsed()).as("charged once, now on dc-1").containsEntry("cpu", "2");
    }

    @Test
    void whenTheOnlyMatchingPolicyIsRefusedTheBindingNamesItAndItsProblemsAndFixingItPlacesTheWorkload() {
        fleetWithoutPolicies().policy(WEB_POLICY_KEY, webPolicy(",\"bogus\":1"));

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).isNull();
        assertThat(fleet.binding(WEB).getUnplacedReason())
                .startsWith("PropagationPolicy team-a/web matches but is refused: spec.bogus: is not a known field");

        fleet.policy(WEB_POLICY_KEY, webPolicy("")).advance(Duration.ofSeconds(1));

        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
    }

    @Test
    void aRefusedPolicyThatSelectsOtherWorkloadsLeavesTheReasonAtNoPolicy() {
        fleetWithoutPolicies().policy("PropagationPolicy/team-a/api", webPolicy(",\"bogus\":1").replace("\"web\"", "\"api\""));

        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(3));

        assertThat(fleet.binding(WEB).getUnplacedReason()).isEqualTo(PropagationPolicies.NO_POLICY);
    }

    @Test
    void aPlacementTheUserGaveWithTheWorkloadCountsAsPlacedWithoutAPolicy() {
        fleetWithoutPolicies();

        fleet.placedWorkload(WEB, """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"1"}}}]}}}}""",
                "dc-2").advance(Duration.ofSeconds(3));

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.decidedBy(WEB)).isEqualTo("user");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "2");
        assertThat(fleet.decisions(WEB)).doesNotContain("UNPLACEABLE");
    }
}
