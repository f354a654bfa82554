package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Codec;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.avro.AdmissionState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** What a namespace task keeps in memory only is rebuilt from the workloads' records when it starts again. */
class TaskStartTest {

    @TempDir
    Path stateDir;
    private FleetDriver fleet;

    @AfterEach
    void close() {
        fleet.close();
    }

    @Test
    void theAggregatesAreRebuiltFromTheWorkloadsRecordsAndWrittenToNoTopic() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1").deployment("team-a", "api", 3, "1").deployment("team-b", "web", 1, "1")
                .advance(Duration.ofSeconds(1));
        Map<String, String> before = aggregates();
        assertThat(before).containsKeys(AggregateKeys.namespace("team-a"), AggregateKeys.namespace("team-b"),
                AggregateKeys.cluster("dc-1", "team-a"));
        assertThat(fleet.changelog(AdmitStores.AGGREGATES)).as("derived, not logged").isEmpty();

        fleet = fleet.restarted();

        assertThat(aggregates()).isEqualTo(before);
    }

    @Test
    void theUsageIsRebuiltFromTheAdmittedChargesWrittenToNoTopicAndTheQuotaHoldsAfterTheRestart() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"6"}}}""");
        fleet.deployment("team-a", "web", 2, "1").deployment("team-a", "api", 3, "1").deployment("team-b", "web", 1, "1")
                .advance(Duration.ofSeconds(1));
        Map<String, String> before = usage();
        assertThat(before).containsOnlyKeys("team-a", "team-b");
        assertThat(fleet.changelog(AdmitStores.USAGE)).as("derived, not logged").isEmpty();

        fleet = fleet.restarted();

        assertThat(usage()).isEqualTo(before);
        fleet.deployment("team-a", "batch", 2, "1").deployment("team-a", "cron", 1, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.binding("apps/Deployment/team-a/batch").getAdmission().getState()).as("5 of 6 cpu used before the restart")
                .isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding("apps/Deployment/team-a/cron").getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
    }

    @Test
    void aWorkloadWaitingForRoomBeforeTheRestartIsPlacedWhenRoomComesAfterIt() {
        fleet = new FleetDriver(stateDir);
        fleet.deployment("team-a", "web", 2, "1").advance(Duration.ofSeconds(1));
        assertThat(fleet.workload("apps/Deployment/team-a/web").getWaiting()).as("no cluster yet").isNotNull();

        fleet = fleet.restarted();
        fleet.cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(6));

        assertThat(fleet.placement("apps/Deployment/team-a/web")).isEqualTo("dc-1");
    }

    @Test
    void theClusterViewsAreWrittenToNoChangelogAndARestartedTaskPlacesFromThemBeforeAnyNewView() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        assertThat(fleet.changelog(TaskClusterViews.STORE)).as("the cluster-views topic is the store's changelog").isEmpty();

        fleet = fleet.restarted();
        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement("apps/Deployment/team-a/web")).as("placed from the view restored from the topic, before any"
                + " heartbeat after the restart").isEqualTo("dc-1");
    }

    @Test
    void everySectionOfThePassStateIsRestoredFromItsOneChangelog() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "16", "64Gi").cluster("dc-2", "16", "64Gi").advance(Duration.ofSeconds(1));
        fleet.policy("FederatedResourceQuota/team-a/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"6"}}}""");
        fleet.policy("PropagationPolicy/team-b/refused", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"refused","namespace":"team-b"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}],"bogus":1}}""");
        fleet.deployment("team-a", "web", 2, "1").deployment("team-a", "api", 3, "1").deployment("team-a", "batch", 2, "1")
                .advance(Duration.ofSeconds(1));
        fleet.silence("dc-2").advance(Duration.ofSeconds(5));
        Map<String, Map<String, String>> before = sections();
        assertThat(before).as("every section the fleet above writes").containsKeys(PassState.POLICIES, PassState.POLICY_POSITIONS,
                PassState.REFUSED_POLICIES, PassState.OPEN_INCIDENTS, PassState.LEASES, PassState.QUOTAS, PassState.QUOTA_SOURCES,
                PassState.PENDING, PassState.QUEUE);
        assertThat(fleet.binding("apps/Deployment/team-a/batch").getAdmission().getState()).as("queued").isEqualTo(AdmissionState.REJECTED);

        fleet = fleet.restarted();

        assertThat(sections()).as("restored, the in-memory store, from its changelog alone").isEqualTo(before);
    }

    /** The pass's state store, section by section: each key within its section to its value's bytes in hex. */
    private Map<String, Map<String, String>> sections() {
        KeyValueStore<String, byte[]> store = fleet.store(PassState.STORE);
        Map<String, Map<String, String>> out = new TreeMap<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(entry -> {
                int slash = entry.key.indexOf('/');
                out.computeIfAbsent(entry.key.substring(0, slash), section -> new TreeMap<>())
                        .put(entry.key.substring(slash + 1), HexFormat.of().formatHex(entry.value));
            });
        }
        return out;
    }

    private Map<String, String> usage() {
        return decoded(AdmitStores.USAGE, LedgerCodecs.USAGE);
    }

    private Map<String, String> aggregates() {
        return decoded(AdmitStores.AGGREGATES, LedgerCodecs.AGGREGATE);
    }

    /** A store of the ledger's encodings, each value decoded and shown as text. */
    private Map<String, String> decoded(String name, Codec<?> codec) {
        KeyValueStore<String, byte[]> store = fleet.store(name);
        Map<String, String> out = new TreeMap<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(entry -> out.put(entry.key, codec.decode(entry.value).toString()));
        }
        return out;
    }
}
