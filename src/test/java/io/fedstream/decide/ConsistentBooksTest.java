package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.AdmittedWorkload;
import io.fedstream.admit.Aggregate;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.NamespaceUsage;
import io.fedstream.decide.AdmitStores;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The admission books stay consistent over random sequences of workload upserts (scale-ups included, some with the
 * placement given by the user, and PyTorchJobs divided over the clusters by component), deletes, quota changes (overall
 * and a static assignment), scheduler placements and cluster failovers, on the whole topology. After every step: a rejected version holds no placement (the binding shows
 * where the charged version runs, nowhere when none is charged), overall usage is the sum of the admitted charges and
 * what the per-cluster usage implies, per-cluster usage is the sum of the per-cluster charges, and no usage is negative.
 * A failure names its seed and the sequence that led to it. A completed migration moves the charge even onto a full
 * static assignment: the move has happened.
 */
class ConsistentBooksTest {

    private static final String[] NAMESPACES = {"n0", "n1"};
    /** In this order in every JVM (a seed picks clusters by position; {@code Map.of}'s order changes with every JVM). */
    private static final Map<String, String> ROOM = room();
    private static final int STEPS = 60;
    /** Every PyTorchJob of the namespace divided over the three clusters by equal static weights. */
    private static final String DIVIDED_JOBS = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"jobs","namespace":"%s"},
             "spec":{"resourceSelectors":[{"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob"}],
              "placement":{"replicaScheduling":{"replicaSchedulingType":"Divided","weightPreference":{"staticWeightList":[
                {"targetCluster":{"clusterNames":["dc-1","dc-2","dc-3"]},"weight":1}]}}}}}""";

    @TempDir
    Path stateDir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 5, 8, 13})
    void theBooksAgreeAfterEveryStep(long seed) throws Exception {
        Random random = new Random(seed);
        List<String> sequence = new ArrayList<>();
        Set<String> down = new TreeSet<>();
        Map<String, String> left = new HashMap<>();
        try (FleetDriver fleet = new FleetDriver(Files.createTempDirectory(stateDir, "seed" + seed))) {
            ROOM.forEach((cluster, cpu) -> fleet.cluster(cluster, cpu, "256Gi"));
            fleet.advance(Duration.ofSeconds(1));
            for (String namespace : NAMESPACES) {
                step(fleet, sequence, "quota " + namespace + " cpu=8 dc-1=4", f -> quota(f, namespace, 8, 4));
                step(fleet, sequence, "PyTorchJobs of " + namespace + " Divided 1:1:1", f -> f.policy("PropagationPolicy/" + namespace
                        + "/jobs", DIVIDED_JOBS.formatted(namespace)).advance(Duration.ofSeconds(1)));
            }
            for (int i = 0; i < STEPS; i++) {
                String namespace = NAMESPACES[random.nextInt(NAMESPACES.length)];
                String name = "w" + random.nextInt(6);
                int roll = random.nextInt(100);
                if (roll < 10) {
                    int workers = 1 + random.nextInt(4);
                    int milli = 250 * (1 + random.nextInt(4));
                    step(fleet, sequence, "upsert job " + namespace + "/" + name + " master 1x" + milli + "m, " + workers + " workers x250m",
                            f -> f.workload(jobKey(namespace, name), pytorch(namespace, name, milli, workers)));
                } else if (roll < 35) {
                    int replicas = 1 + random.nextInt(4);
                    int milli = 250 * (1 + random.nextInt(4));
                    step(fleet, sequence, "upsert " + namespace + "/" + name + " " + replicas + "x" + milli + "m",
                            f -> f.deployment(namespace, name, replicas, milli + "m"));
                } else if (roll < 47) {
                    String cluster = cluster(random);
                    int replicas = 1 + random.nextInt(4);
                    step(fleet, sequence, "upsert " + namespace + "/" + name + " " + replicas + "x500m placed by the user on " + cluster,
                            f -> f.placedWorkload(key(namespace, name), manifest(namespace, name, replicas, "500m"), cluster));
                } else if (roll < 62) {
                    step(fleet, sequence, "delete " + namespace + "/" + name, f -> f.delete(key(namespace, name)));
                } else if (roll < 77) {
                    int overall = 2 + random.nextInt(12);
                    int onDc1 = 1 + random.nextInt(6);
                    step(fleet, sequence, "quota " + namespace + " cpu=" + overall + " dc-1=" + onDc1, f -> quota(f, namespace, overall, onDc1));
                } else if (roll < 82 && down.isEmpty()) {
                    String cluster = cluster(random);
                    down.add(cluster);
                    step(fleet, sequence, "fail over " + cluster, f -> {
                        Map<String, List<String>> before = placements(f, left.keySet());
                        Map<String, String> moved = failOver(f, cluster);
                        // This failover decided anew where those it moved or re-divided run, and may put one back on
                        // a cluster it left before, which has recovered since: a change, as an upsert is.
                        left.keySet().removeIf(key -> !before.get(key).equals(placements(f, Set.of(key)).get(key)));
                        left.putAll(moved);
                    });
                } else if (roll < 87 && !down.isEmpty()) {
                    String cluster = down.iterator().next();
                    down.remove(cluster);
                    step(fleet, sequence, "recover " + cluster, f -> f.cluster(cluster, ROOM.get(cluster), "256Gi").advance(Duration.ofSeconds(6)));
                } else if (roll < 93) {
                    step(fleet, sequence, "upsert " + namespace + "/" + name + " 20x1000m (beyond every quota: it waits in the queue)",
                            f -> f.deployment(namespace, name, 20, "1000m"));
                } else {
                    int seconds = 1 + random.nextInt(3);
                    step(fleet, sequence, "wait " + seconds + " s", f -> f.advance(Duration.ofSeconds(seconds)));
                }
                String touched = sequence.get(sequence.size() - 1);
                left.keySet().removeIf(key -> touched.startsWith("upsert " + namespaceAndName(key) + " ")
                        || touched.equals("delete " + namespaceAndName(key)));
                try {
                    assertBooksAgree(fleet);
                    assertNothingStaysOnTheClusterItLeft(fleet, left);
                } catch (AssertionError e) {
                    throw new AssertionError("seed " + seed + ", after step " + sequence.size() + " of:\n  "
                            + String.join("\n  ", sequence) + "\n" + e.getMessage(), e);
                }
            }
        }
    }

    @Test
    void aCompletedMigrationOntoAClusterWhoseStaticAssignmentIsFullMovesTheChargeAndTheStatusShowsTheOverage() throws Exception {
        try (FleetDriver fleet = FleetDriver.threeClusters(Files.createTempDirectory(stateDir, "overage"))) {
            fleet.policy("FederatedResourceQuota/team-a/q", """
                    {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                     "spec":{"overall":{"cpu":"20"},"staticAssignments":[{"clusterName":"dc-2","hard":{"cpu":"1"}},
                                                                         {"clusterName":"dc-3","hard":{"cpu":"1"}}]}}""")
                    .advance(Duration.ofSeconds(1));
            fleet.deployment("team-a", "web", 2, "1");
            String key = key("team-a", "web");
            assertThat(fleet.placement(key)).isEqualTo("dc-1");

            fleet.silence("dc-1").advance(Duration.ofSeconds(17));
            MigrationCommand command = fleet.commandsFor(key).get(0);
            fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);

            String target = command.getTargetCluster();
            ResourceBinding binding = fleet.binding(key);
            assertThat(binding.getAdmission().getState()).as("the move is a fact, not a request the quota may refuse")
                    .isEqualTo(AdmissionState.ADMITTED);
            assertThat(fleet.placement(key)).isEqualTo(target);
            assertThat(fleet.decidedBy(key)).isEqualTo("failover");
            assertThat(fleet.usedOn("team-a/q", target)).containsEntry("cpu", "2");
            assertThat(fleet.usedOn("team-a/q", "dc-1")).isEmpty();
            assertThat(fleet.quotaStatus("team-a/q").getClusters()).filteredOn(c -> c.getCluster().equals(target))
                    .singleElement().satisfies(c -> assertThat(c.getOverage()).containsEntry("cpu", "1"));
            assertBooksAgree(fleet);
        }
    }

    @Test
    void aCompletedMigrationWhileANewerVersionWaitsInTheQueueMovesTheChargedVersionAndTheQueuedOne() throws Exception {
        try (FleetDriver fleet = FleetDriver.threeClusters(Files.createTempDirectory(stateDir, "queued"))) {
            fleet.policy("FederatedResourceQuota/team-a/q", """
                    {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                     "spec":{"overall":{"cpu":"4"}}}""").advance(Duration.ofSeconds(1));
            fleet.deployment("team-a", "web", 2, "1");
            String key = key("team-a", "web");
            assertThat(fleet.placement(key)).isEqualTo("dc-1");
            fleet.deployment("team-a", "web", 6, "1");
            assertThat(fleet.binding(key).getAdmission().getState()).as("6 cpu exceed the quota's 4").isEqualTo(AdmissionState.REJECTED);

            fleet.silence("dc-1").advance(Duration.ofSeconds(17));
            MigrationCommand command = fleet.commandsFor(key).get(0);
            fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);

            String target = command.getTargetCluster();
            ResourceBinding binding = fleet.binding(key);
            assertThat(binding.getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
            assertThat(fleet.placement(key)).as("the charged version runs on the target").isEqualTo(target);
            assertThat(binding.getAdmission().getRequestedPlacement().getClusters()).extracting(ClusterTarget::getName)
                    .as("the queued version will run there too").containsExactly(target);
            assertThat(fleet.usedOn("team-a/q", target)).containsEntry("cpu", "2");
            assertThat(fleet.usedOn("team-a/q", "dc-1")).as("nothing is charged on the cluster it left").isEmpty();
            assertBooksAgree(fleet);

            fleet.policy("FederatedResourceQuota/team-a/q", """
                    {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                     "spec":{"overall":{"cpu":"8"}}}""").advance(Duration.ofSeconds(1));

            assertThat(fleet.binding(key).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
            assertThat(fleet.placement(key)).as("the queue admits it where it runs").isEqualTo(target);
            assertThat(fleet.usedOn("team-a/q", target)).containsEntry("cpu", "6");
            assertBooksAgree(fleet);
        }
    }

    private interface Step {
        void on(FleetDriver fleet);
    }

    private static void step(FleetDriver fleet, List<String> sequence, String what, Step step) {
        sequence.add(what);
        step.on(fleet);
    }

    private static Map<String, String> room() {
        Map<String, String> room = new LinkedHashMap<>();
        room.put("dc-1", "24");
        room.put("dc-2", "16");
        room.put("dc-3", "12");
        return room;
    }

    private static String cluster(Random random) {
        return new ArrayList<>(ROOM.keySet()).get(random.nextInt(ROOM.size()));
    }

    private static String key(String namespace, String name) {
        return "apps/Deployment/" + namespace + "/" + name;
    }

    private static String jobKey(String namespace, String name) {
        return "kubeflow.org/PyTorchJob/" + namespace + "/" + name;
    }

    /** A PyTorchJob of one master and {@code workers} workers of 250m: a Divided workload of several components. */
    private static String pytorch(String namespace, String name, int masterMilli, int workers) {
        return """
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":1,"template":{"spec":{"containers":[{"name":"pytorch","resources":{"requests":{"cpu":"%dm"}}}]}}},
                   "Worker":{"replicas":%d,"template":{"spec":{"containers":[{"name":"pytorch","resources":{"requests":{"cpu":"250m"}}}]}}}}}}"""
                .formatted(name, namespace, masterMilli, workers);
    }

    private static String manifest(String namespace, String name, int replicas, String cpu) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"%s","memory":"1Gi"}}}]}}}}""".formatted(name, namespace, replicas, cpu);
    }

    private static void quota(FleetDriver fleet, String namespace, int overallCpu, int dc1Cpu) {
        fleet.policy("FederatedResourceQuota/" + namespace + "/q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"%s"},
                 "spec":{"overall":{"cpu":"%d"},"staticAssignments":[{"clusterName":"dc-1","hard":{"cpu":"%d"}}]}}"""
                .formatted(namespace, overallCpu, dc1Cpu));
        fleet.advance(Duration.ofSeconds(1));
    }

    /**
     * The cluster goes silent until its workloads' commands are out; the executor completes every one. Returns the
     * cluster each moved workload left, by workload key.
     */
    private static Map<String, String> failOver(FleetDriver fleet, String cluster) {
        int before = fleet.commands.size();
        Map<String, String> left = new HashMap<>();
        fleet.silence(cluster).advance(Duration.ofSeconds(15));
        for (MigrationCommand command : new ArrayList<>(fleet.commands.subList(before, fleet.commands.size()))) {
            if (command.getAction() == MigrationAction.MIGRATE) {
                fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);
                left.put(command.getWorkloadKey(), command.getSourceCluster());
            }
        }
        fleet.advance(Duration.ofSeconds(1));
        return left;
    }

    /** The clusters each workload's binding shows now (none when it has no placement or no binding). */
    private static Map<String, List<String>> placements(FleetDriver fleet, Set<String> keys) {
        Map<String, List<String>> placements = new HashMap<>();
        for (String key : keys) {
            ResourceBinding binding = fleet.binding(key);
            placements.put(key, binding == null || binding.getPlacement() == null ? List.of()
                    : binding.getPlacement().getClusters().stream().map(ClusterTarget::getName).toList());
        }
        return placements;
    }

    private static String namespaceAndName(String key) {
        String[] parts = key.split("/");
        return parts[2] + "/" + parts[3];
    }

    /**
     * A workload moved off a cluster by a completed migration (and not changed since: no new version, no later failover
     * that placed it anew) neither shows nor is charged on that cluster, whether its latest version is admitted or waits
     * in the queue.
     */
    private static void assertNothingStaysOnTheClusterItLeft(FleetDriver fleet, Map<String, String> left) {
        left.forEach((key, source) -> {
            ResourceBinding binding = fleet.binding(key);
            if (binding != null && binding.getPlacement() != null) {
                assertThat(binding.getPlacement().getClusters()).extracting(ClusterTarget::getName)
                        .as("%s moved off %s: its placement", key, source).doesNotContain(source);
            }
            java.nio.ByteBuffer charged = fleet.workload(key).getCharge();
            if (charged != null) {
                assertThat(LedgerCodecs.ADMITTED.decode(bytes(charged)).charge().clusters())
                        .as("%s moved off %s: its charge", key, source).doesNotContainKey(source);
            }
        });
    }

    private static byte[] bytes(java.nio.ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    /**
     * The aggregates the admit step keeps incrementally (not rebuilt) agree with the ledger: each namespace's share of
     * each cluster is what its admitted charges put there, pods as replicas.
     */
    private static void assertAggregatesFollowTheCharges(FleetDriver fleet, Map<String, AdmittedWorkload> admitted) {
        KeyValueStore<String, byte[]> aggregates = fleet.store(AdmitStores.AGGREGATES);
        for (String namespace : NAMESPACES) {
            Map<String, Aggregate> shares = new TreeMap<>();
            for (AdmittedWorkload workload : admitted.values()) {
                if (workload.namespace().equals(namespace)) {
                    workload.charge().clusters().forEach((cluster, amounts) -> {
                        TreeMap<String, Long> resources = new TreeMap<>(amounts.amounts());
                        Long podUnits = resources.remove("pods");
                        shares.merge(cluster, Aggregate.of(podUnits == null ? 0 : podUnits / 1000, Resources.of(resources)), Aggregate::plus);
                    });
                }
            }
            for (String cluster : ROOM.keySet()) {
                byte[] bytes = aggregates.get(AggregateKeys.cluster(cluster, namespace));
                assertThat(bytes == null ? Aggregate.NONE : LedgerCodecs.AGGREGATE.decode(bytes))
                        .as("%s's share of %s in the aggregates", namespace, cluster)
                        .isEqualTo(shares.getOrDefault(cluster, Aggregate.NONE));
            }
        }
    }

    private static void assertBooksAgree(FleetDriver fleet) {
        Map<String, AdmittedWorkload> admitted = new HashMap<>();
        KeyValueStore<String, io.fedstream.avro.WorkloadRecord> workloads = fleet.store(Workloads.STORE);
        try (KeyValueIterator<String, io.fedstream.avro.WorkloadRecord> all = workloads.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.getCharge() != null) {
                    admitted.put(Workloads.workloadKey(entry.key), LedgerCodecs.ADMITTED.decode(bytes(entry.value.getCharge())));
                }
            });
        }
        for (ResourceBinding binding : fleet.bindings.values()) {
            String key = binding.getWorkloadKey();
            AdmittedWorkload charged = admitted.get(key);
            Set<String> placedOn = binding.getPlacement() == null ? Set.of()
                    : binding.getPlacement().getClusters().stream().map(ClusterTarget::getName).collect(Collectors.toCollection(TreeSet::new));
            Set<String> chargedOn = charged == null ? Set.of() : charged.charge().clusters().keySet();
            AdmissionState state = binding.getAdmission().getState();
            if (state == AdmissionState.REJECTED && charged == null) {
                assertThat(binding.getPlacement()).as("%s is REJECTED with nothing charged: it holds no placement", key).isNull();
            }
            if (state == AdmissionState.ADMITTED) {
                assertThat(charged).as("%s is ADMITTED: the ledger charges it", key).isNotNull();
                assertThat(charged.generation()).as("%s: the charged generation", key)
                        .isEqualTo(binding.getAdmission().getChargedGeneration());
            }
            assertThat(placedOn).as("%s (%s): the placement shown is where the charge is", key, state).isEqualTo(chargedOn);
            assertThat(Resources.fromQuantities(binding.getAdmission().getCharged()))
                    .as("%s: the binding's charge is the ledger's", key)
                    .isEqualTo(charged == null ? Resources.NONE : charged.charge().overall());
        }
        assertAggregatesFollowTheCharges(fleet, admitted);
        KeyValueStore<String, byte[]> usageStore = fleet.store(AdmitStores.USAGE);
        for (String namespace : NAMESPACES) {
            byte[] bytes = usageStore.get(namespace);
            NamespaceUsage usage = bytes == null ? NamespaceUsage.empty(namespace) : LedgerCodecs.USAGE.decode(bytes);
            Resources overall = Resources.NONE;
            Resources unplaced = Resources.NONE;
            Map<String, Resources> clusters = new TreeMap<>();
            long count = 0;
            for (AdmittedWorkload workload : admitted.values()) {
                if (!workload.namespace().equals(namespace)) {
                    continue;
                }
                count++;
                overall = overall.plus(workload.charge().overall());
                if (workload.charge().clusters().isEmpty()) {
                    unplaced = unplaced.plus(workload.charge().overall());
                }
                workload.charge().clusters().forEach((cluster, amount) -> clusters.merge(cluster, amount, Resources::plus));
            }
            assertThat(usage.overall()).as("%s: overall usage is the sum of the admitted charges", namespace).isEqualTo(overall);
            assertThat(usage.clusters()).as("%s: per-cluster usage is the sum of the per-cluster charges", namespace).isEqualTo(clusters);
            assertThat(usage.admitted()).as("%s: admitted count", namespace).isEqualTo(count);
            Resources implied = unplaced;
            for (Resources share : usage.clusters().values()) {
                implied = implied.plus(share);
            }
            assertThat(usage.overall()).as("%s: overall is what the clusters' usage and the unplaced charges imply", namespace)
                    .isEqualTo(implied);
            usage.overall().amounts().forEach((resource, amount) ->
                    assertThat(amount).as("%s: overall %s", namespace, resource).isNotNegative());
            usage.clusters().forEach((cluster, share) -> share.amounts().forEach((resource, amount) ->
                    assertThat(amount).as("%s on %s: %s", namespace, cluster, resource).isNotNegative()));
            QuotaStatus status = fleet.quotaStatus(namespace + "/q");
            if (status != null) {
                assertThat(Resources.fromQuantities(status.getUsed()).get("cpu")).as("%s: the status shows the usage", namespace)
                        .isEqualTo(usage.overall().get("cpu"));
                status.getClusters().forEach(share -> assertThat(Resources.fromQuantities(share.getUsed()).get("cpu"))
                        .as("%s on %s: the status shows the cluster's usage", namespace, share.getCluster())
                        .isEqualTo(usage.cluster(share.getCluster()).get("cpu")));
            }
        }
    }
}
