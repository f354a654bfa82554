package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.NamespacePartitioner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A namespace task decides with every policy published before its instance started: it seeds itself from the
 * instance's {@link PolicySnapshot} at its first processing, skips the relayed copies of what it seeded, and applies
 * what comes after. The relayed records carry their offsets on the policies topic (partition 0 here, from offset 0),
 * so the snapshot's entries stand at the offsets the same records get when piped.
 */
class PolicySnapshotStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String WEB_POLICY_KEY = "PropagationPolicy/team-a/web";
    private static final String WEB_ON_DC_2 = webPolicyPlacing("clusterAffinity: {clusterNames: [dc-2]}");
    private static final String WEB_ON_DC_3 = webPolicyPlacing("clusterAffinity: {clusterNames: [dc-3]}");
    private static final String DEFAULT_POLICY = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"fleet-driver-default"},
             "spec":{"priority":-2147483648,"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}],
             "placement":{"spreadConstraints":[{"spreadByField":"cluster","maxGroups":1}]}}}""";
    private static final String ALREADY_APPLIED = "fedstream_policy_changes_already_applied_total";

    /** The default ClusterPropagationPolicy at offset 0, web's PropagationPolicy (dc-2 only) at 1; the topic ends at 2. */
    private static final PolicySnapshot BOTH_POLICIES = new PolicySnapshot(Map.of(0, 2L), List.of(
            upsert(0, FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY), upsert(1, WEB_POLICY_KEY, WEB_ON_DC_2)));

    @Test
    void aWorkloadDecidedBeforeAnyRelayedPolicyIsPlacedUnderItsNamespacesPropagationPolicy() {
        fleet = threeClusters(BOTH_POLICIES);

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).as("web's PropagationPolicy, not the default's roomiest cluster dc-1").isEqualTo("dc-2");
        assertThat(fleet.binding(WEB).getUnplacedReason()).isNull();
    }

    @Test
    void theRelayedCopiesOfWhatTheTaskSeededAreSkipped() {
        fleet = threeClusters(BOTH_POLICIES).deployment("team-a", "web", 2, "1");
        int published = fleet.published.size();
        int audited = fleet.audit.size();

        fleet.policy(FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY).policy(WEB_POLICY_KEY, WEB_ON_DC_2);

        assertThat(fleet.published).as("no binding written again").hasSize(published);
        assertThat(fleet.audit).as("no decision made again").hasSize(audited);
        assertThat(fleet.scrape()).contains(ALREADY_APPLIED + " 2.0");
    }

    @Test
    void aLaterVersionOfASeededPolicyIsApplied() {
        fleet = threeClusters(BOTH_POLICIES).policy(FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY).policy(WEB_POLICY_KEY, WEB_ON_DC_2);

        fleet.policy(WEB_POLICY_KEY, WEB_ON_DC_3).deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-3");
        assertThat(fleet.state().policies().get(WEB_POLICY_KEY).getManifest()).isEqualTo(WEB_ON_DC_3);
    }

    @Test
    void aPolicyDeletedBeforeTheStartIsNotInForce() {
        PolicySnapshot deleted = new PolicySnapshot(Map.of(0, 3L), List.of(
                upsert(0, FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY), new PolicySnapshot.Entry(0, 2, WEB_POLICY_KEY, null)));
        fleet = threeClusters(deleted);

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).as("the default's roomiest cluster").isEqualTo("dc-1");
        assertThat(fleet.state().policies().get(WEB_POLICY_KEY)).isNull();
    }

    @Test
    void aQuotaInTheSnapshotReachesItsNamespacesTaskAloneAndHoldsForTheFirstWorkload() {
        int partitions = 6;
        String here = namespaceOnPartition(0, partitions);
        String elsewhere = namespaceOnPartition(1, partitions);
        PolicySnapshot quotas = new PolicySnapshot(Map.of(0, 3L), List.of(
                upsert(0, FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY),
                upsert(1, "FederatedResourceQuota/" + here + "/q", quota(here)),
                upsert(2, "FederatedResourceQuota/" + elsewhere + "/q", quota(elsewhere))));
        fleet = new FleetDriver(stateDir, Map.of("topic.partitions", Integer.toString(partitions)), false).publishedBeforeStart(quotas)
                .cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(1));

        fleet.deployment(here, "web", 4, "1");

        assertThat(fleet.binding("apps/Deployment/" + here + "/web").getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.state().policies().get("FederatedResourceQuota/" + here + "/q")).isNotNull();
        assertThat(fleet.state().policies().get("FederatedResourceQuota/" + elsewhere + "/q"))
                .as("partition 1's quota is not this task's").isNull();
    }

    @Test
    void aRestartedTaskKeepsItsPositionsAndSeedsOnlyWhatIsNew() {
        fleet = threeClusters(BOTH_POLICIES).deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");

        // The instance starts again; meanwhile web's policy moved to dc-3 (offset 2).
        fleet = fleet.restarted().publishedBeforeStart(new PolicySnapshot(Map.of(0, 3L), List.of(
                upsert(0, FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY), upsert(2, WEB_POLICY_KEY, WEB_ON_DC_3))));
        fleet.advance(Duration.ofSeconds(1)).deployment("team-a", "api", 1, "1");
        fleet.policy(FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY).policy(WEB_POLICY_KEY, WEB_ON_DC_2).policy(WEB_POLICY_KEY, WEB_ON_DC_3);

        assertThat(fleet.state().policies().get(WEB_POLICY_KEY).getManifest()).isEqualTo(WEB_ON_DC_3);
        assertThat(fleet.scrape()).as("all three relayed records were had: two before the restart, one from the new snapshot")
                .contains(ALREADY_APPLIED + " 3.0");
    }

    @Test
    void withoutASnapshotEveryRelayedPolicyIsAppliedOnce() {
        fleet = threeClusters(PolicySnapshot.empty());

        fleet.policy(FleetDriver.DEFAULT_POLICY_KEY, DEFAULT_POLICY).policy(WEB_POLICY_KEY, WEB_ON_DC_2).deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.scrape()).as("nothing skipped").doesNotContain(ALREADY_APPLIED);
    }

    private FleetDriver threeClusters(PolicySnapshot snapshot) {
        return new FleetDriver(stateDir, Map.of(), false).publishedBeforeStart(snapshot)
                .cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
    }

    private static PolicySnapshot.Entry upsert(long offset, String key, String manifest) {
        return new PolicySnapshot.Entry(0, offset, key,
                PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(FleetDriver.START).build());
    }

    private static String quota(String namespace) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"%s"},
                 "spec":{"overall":{"cpu":"2"}}}""".formatted(namespace);
    }

    private static String namespaceOnPartition(int partition, int partitions) {
        return IntStream.range(0, 1000).mapToObj(i -> "team-" + i)
                .filter(namespace -> NamespacePartitioner.partitionOfNamespace(namespace, partitions) == partition)
                .findFirst().orElseThrow();
    }
}
