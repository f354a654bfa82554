package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.Topic;
import io.fedstream.recommend.stage.RightsizeStores;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The topics of fedstream's own whose values the start registers ({@code Fedstream.internalValueTopics}) are the ones its
 * topologies write such values to: every store and repartition topic is listed or known to hold none, and a run through
 * placement, a quota, an application failure and a cluster failure registers no subject of fedstream's own beyond them.
 */
class InternalValueTopicsTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    /**
     * Stores that write no record of the registry under their changelog's name: values that are strings or fedstream's
     * own bytes (the admission stores are not even logged), tables restored from their source topic (whose subject is
     * the topic's), and the pass's store, whose sections each have a name of their own (listed).
     */
    private static final Set<String> WITHOUT_REGISTRY_VALUES = Set.of(PlaceFailoverStores.DELTAS, AdmitStores.USAGE,
            AdmitStores.AGGREGATES, TaskClusterViews.STORE, RightsizeStores.QUOTAS, PassState.STORE, NamespacePass.BEFORE_COMMIT);

    @TempDir
    Path stateDir;

    @Test
    void everyStoreAndRepartitionTopicIsListedOrHoldsNoRegistryValues() {
        Fedstream fedstream = TestFedstream.create();
        Set<String> listed = suffixes(fedstream);
        Set<String> unlisted = new TreeSet<>();
        for (TopologyDescription topology : List.of(fedstream.workloadTopology().describe(), fedstream.healthTopology().describe())) {
            for (TopologyDescription.Subtopology subtopology : topology.subtopologies()) {
                for (TopologyDescription.Node node : subtopology.nodes()) {
                    if (node instanceof TopologyDescription.Processor processor) {
                        processor.stores().stream().filter(store -> !listed.contains(store + "-changelog")
                                && !WITHOUT_REGISTRY_VALUES.contains(store)).forEach(unlisted::add);
                    }
                    if (node instanceof TopologyDescription.Sink sink && sink.topic() != null && sink.topic().endsWith("-repartition")
                            && !listed.contains(sink.topic())) {
                        unlisted.add(sink.topic());
                    }
                }
            }
        }
        assertThat(unlisted).as("stores and repartition topics neither in InternalValueTopics nor known to hold no registry values")
                .isEmpty();
    }

    @Test
    void aRunThroughPlacementAndBothFailoversRegistersNoSubjectOfItsOwnBeyondTheList() {
        FleetDriver fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("PropagationPolicy/team-a/web", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement:
                    spreadConstraints: [{spreadByField: cluster, maxGroups: 1}]
                  failover:
                    application:
                      decisionConditions: {tolerationSeconds: 5}
                      purgeMode: Directly
                """);
        fleet.policy("FederatedResourceQuota/team-a/compute", """
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata: {name: compute, namespace: team-a}
                spec: {overall: {cpu: "40"}}
                """);
        fleet.deployment("team-a", "web", 2, "1");
        fleet.deployment("team-b", "api", 1, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        for (int s = 0; s < 7; s++) {
            fleet.status(WorkloadStatusEvent.newBuilder().setCluster("dc-1").setPhase("FAILED").setObservedAt(fleet.now()).build(), WEB)
                    .advance(Duration.ofSeconds(1));
        }
        assertThat(fleet.decisions(WEB)).anyMatch(decision -> decision.startsWith("APPLICATION_"));
        fleet.silence("dc-3").advance(Duration.ofSeconds(400));

        Set<String> registered = new TreeSet<>();
        Fedstream sameConfig = TestFedstream.create(FleetDriver.CLOCKS);
        String prefix = sameConfig.config().applicationId() + "-";
        fleet.registry().subjects().stream().filter(subject -> subject.startsWith(prefix))
                .forEach(subject -> registered.add(subject.substring(prefix.length(), subject.length() - "-value".length())));
        assertThat(registered).as("what the run registered").contains("pass-state-store-changelog-policies",
                "pass-state-store-changelog-open-incidents", "pass-state-store-changelog-application-failures",
                "pass-state-store-changelog-leases", "workloads-store-changelog", "lease-books-store-changelog",
                "cluster-heartbeats-repartition", "cluster-states-store-changelog");
        assertThat(suffixes(sameConfig)).containsAll(registered);
    }

    /** The listed topics without their client's application id: one driver plays both clients under one id. */
    private static Set<String> suffixes(Fedstream fedstream) {
        String workload = fedstream.config().applicationId() + "-";
        String health = fedstream.config().healthApplicationId() + "-";
        Set<String> suffixes = new HashSet<>();
        for (Topic<String, ?> topic : fedstream.internalValueTopics()) {
            String name = topic.name();
            suffixes.add(name.startsWith(health) ? name.substring(health.length()) : name.substring(workload.length()));
        }
        return suffixes;
    }
}
