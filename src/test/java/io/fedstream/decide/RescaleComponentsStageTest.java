package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.PurgeMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A placed Divided workload of several components (a PyTorchJob's Master and Workers) asked for other replica counts, on
 * the whole topology: each component is scheduled again from the shares its placement lists, as Karmada's steady mode
 * does for one replica count, and a division stands only where every component's share fits.
 */
class RescaleComponentsStageTest extends FleetStageTest {

    private static final String JOB = "kubeflow.org/PyTorchJob/team-a/train";
    private static final String POLICY_KEY = "PropagationPolicy/team-a/train";
    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
             "spec":{"overall":{"cpu":"1000"}}}""";

    private static String policy(String replicaScheduling) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: train, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: kubeflow.org/v1, kind: PyTorchJob, name: train}]
                  placement:
                    replicaScheduling:
                """ + replicaScheduling.indent(6);
    }

    private static final String DYNAMIC = policy("""
            replicaSchedulingType: Divided
            weightPreference: {dynamicWeight: AvailableReplicas}
            """);

    /** A PyTorchJob: {@code masters} Masters of 2 cpu and {@code workers} Workers of 1 cpu. */
    private static String pytorch(int masters, int workers) {
        return """
                {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"train","namespace":"team-a"},
                 "spec":{"pytorchReplicaSpecs":{
                   "Master":{"replicas":%d,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"2","memory":"1Gi"}}}]}}},
                   "Worker":{"replicas":%d,"template":{"spec":{"containers":[
                     {"name":"pytorch","image":"example/train:1","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}}}}}"""
                .formatted(masters, workers);
    }

    /** Each cluster as {@code name replicas [component=pods, ...]}. */
    private List<String> clusters() {
        return fleet.binding(JOB).getPlacement().getClusters().stream().map(RescaleComponentsStageTest::describe).toList();
    }

    private static String describe(ClusterTarget target) {
        return target.getName() + " " + target.getReplicas() + " " + target.getComponents().stream()
                .map(c -> c.getName() + "=" + c.getReplicas()).collect(Collectors.joining(", ", "[", "]"));
    }

    private AuditEvent audited(String decision) {
        return fleet.audit.stream().filter(a -> decision.equals(a.getDecision())).reduce((a, b) -> b).orElseThrow();
    }

    private List<String> reservations() {
        return fleet.roomChanges().stream().map(r -> r.kind() + " " + r.cluster() + " "
                + r.components().stream().map(c -> c.name() + "=" + c.replicas()).sorted().toList()).toList();
    }

    private void placed(String policy, int masters, int workers) {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, policy).advance(Duration.ofSeconds(1));
        fleet.workload(JOB, pytorch(masters, workers));
        fleet.roomChanges();
    }

    @Test
    void moreWorkersKeepEveryShareAndReserveOnlyEachClustersNewWorkers() {
        placed(DYNAMIC, 2, 14);
        // One replica (a master and a worker) is 3 cpu: 21, 10 and 5 available replicas share 2 masters and 14 workers.
        assertThat(clusters()).containsExactly("dc-1 11 [master=2, worker=9]", "dc-2 4 [worker=4]", "dc-3 1 [worker=1]");

        fleet.workload(JOB, pytorch(2, 20));

        // The 6 new workers over the free room left (17, 9 and 5 replicas): 3.3, 1.7 and 1.0 floored to 3/1/0, the 2 left
        // to dc-1 and dc-2; the masters and the 14 workers that run stay where they are.
        assertThat(clusters()).containsExactly("dc-1 15 [master=2, worker=13]", "dc-2 6 [worker=6]", "dc-3 1 [worker=1]");
        assertThat(reservations()).as("each cluster reserves only its new pods, per component")
                .containsExactlyInAnyOrder("RESERVE dc-1 [worker=4]", "RESERVE dc-2 [worker=2]");
        assertThat(fleet.decisions(JOB)).containsOnlyOnce("REPLICAS_RESCALED");
        assertThat(audited("REPLICAS_RESCALED").getReason()).isEqualTo("master 2 -> 2, worker 14 -> 20 replicas (scaled up): dc-1 master"
                + " 2 -> 2, worker 9 -> 13 pods (worker 4 reserved), dc-2 worker 4 -> 6 pods (worker 2 reserved), dc-3 worker 1 -> 1 pods");
        assertThat(fleet.commandsFor(JOB)).isEmpty();
        assertThat(fleet.usedOn("team-a/q", "dc-1")).as("2 masters of 2 cpu and 13 workers of 1").containsEntry("cpu", "17");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "6");
    }

    @Test
    void fewerOfEachComponentShrinkInProportionAndAClusterLeftWithNoPodsIsPurged() {
        placed(DYNAMIC, 2, 14);

        fleet.workload(JOB, pytorch(1, 3));

        // Masters: 2 on dc-1 alone, so 1 there. Workers: 3 over 9:4:1 is 1.9, 0.9 and 0.2 floored to 1/0/0, the 2 left to the
        // clusters that ran most: 2/1/0.
        assertThat(clusters()).containsExactly("dc-1 3 [master=1, worker=2]", "dc-2 1 [worker=1]");
        assertThat(reservations()).as("shrinking needs no room; dc-3's goes back").containsExactly("RELEASE dc-3 []");
        assertThat(fleet.commandsFor(JOB)).singleElement().satisfies(purge -> {
            assertThat(purge.getAction()).isEqualTo(MigrationAction.PURGE);
            assertThat(purge.getSourceCluster()).isEqualTo("dc-3");
            assertThat(purge.getPurgeMode()).isEqualTo(PurgeMode.Directly);
        });
        assertThat(audited("REPLICAS_RESCALED").getReason()).isEqualTo("master 2 -> 1, worker 14 -> 3 replicas (scaled down in proportion"
                + " to what each cluster runs): dc-3 worker 1 -> 0 pods (its copy is purged), dc-1 master 2 -> 1, worker 9 -> 2 pods,"
                + " dc-2 worker 4 -> 1 pods");
        assertThat(fleet.usedOn("team-a/q", "dc-1")).containsEntry("cpu", "4");
        assertThat(fleet.usedOn("team-a/q", "dc-2")).containsEntry("cpu", "1");
        assertThat(fleet.usedOn("team-a/q", "dc-3")).isEmpty();
        assertThat(fleet.onCluster("dc-3")).isEmpty();
    }

    @Test
    void oneComponentDownAndAnotherUpScalesEachFromItsOwnShares() {
        placed(DYNAMIC, 2, 14);

        fleet.workload(JOB, pytorch(1, 20));

        assertThat(clusters()).containsExactly("dc-1 14 [master=1, worker=13]", "dc-2 6 [worker=6]", "dc-3 1 [worker=1]");
        assertThat(reservations()).containsExactlyInAnyOrder("RESERVE dc-1 [worker=4]", "RESERVE dc-2 [worker=2]");
        assertThat(audited("REPLICAS_RESCALED").getReason()).isEqualTo("master 2 -> 1, worker 14 -> 20 replicas (scaled down in proportion"
                + " to what each cluster runs where fewer are asked, up where more are): dc-1 master 2 -> 1, worker 9 -> 13 pods"
                + " (worker 4 reserved), dc-2 worker 4 -> 6 pods (worker 2 reserved), dc-3 worker 1 -> 1 pods");
    }

    @Test
    void aComponentShareThatDoesNotFitLeavesThePlacementAndIsRetriedWhenRoomComes() {
        fleet = new FleetDriver(stateDir).cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "4", "256Gi")
                .advance(Duration.ofSeconds(1));
        // Divided by available replicas: Karmada checks room there (static weights and Duplicated place whatever the room).
        fleet.policy("FederatedResourceQuota/team-a/q", QUOTA).policy(POLICY_KEY, DYNAMIC).advance(Duration.ofSeconds(1));
        fleet.workload(JOB, pytorch(1, 3));
        assertThat(clusters()).containsExactly("dc-1 3 [master=1, worker=2]", "dc-2 1 [worker=1]");
        fleet.roomChanges();
        long generation = fleet.binding(JOB).getGeneration() + 1;

        fleet.workload(JOB, pytorch(1, 120));

        // 117 more workers, where the clusters' free room holds 32 more.
        assertThat(clusters()).as("the placement stays as it was").containsExactly("dc-1 3 [master=1, worker=2]", "dc-2 1 [worker=1]");
        assertThat(reservations()).isEmpty();
        assertThat(audited("RESCALE_UNSCHEDULABLE").getReason()).startsWith("the placement stays as it was: no set of clusters can take"
                + " the workload: the clusters' free room holds");
        long t0 = fleet.now().toEpochMilli();
        assertThat(rescaleWait()).isEqualTo(new RescaleWait(generation, 1, t0 + 2_000));

        // Each round that finds no schedule doubles the wait: 2 s, then 4 s, then 8 s (place.retry.interval.ms is 2 s here).
        fleet.advance(Duration.ofSeconds(2));
        assertThat(rescaleWait()).isEqualTo(new RescaleWait(generation, 2, t0 + 2_000 + 4_000));
        fleet.advance(Duration.ofSeconds(4));
        assertThat(rescaleWait()).isEqualTo(new RescaleWait(generation, 3, t0 + 6_000 + 8_000));
        assertThat(fleet.decisions(JOB)).as("audited once for the version").containsOnlyOnce("RESCALE_UNSCHEDULABLE");

        fleet.cluster("dc-3", "400", "1Ti").advance(Duration.ofSeconds(6));
        assertThat(rescaleWait()).as("room came, but the retry is not due yet").isEqualTo(new RescaleWait(generation, 3, t0 + 14_000));
        assertThat(fleet.decisions(JOB)).doesNotContain("REPLICAS_RESCALED");

        fleet.advance(Duration.ofSeconds(2));

        assertThat(clusters()).containsExactly("dc-1 17 [master=1, worker=16]", "dc-2 8 [worker=8]", "dc-3 96 [worker=96]");
        assertThat(reservations()).containsExactlyInAnyOrder("RESERVE dc-1 [worker=14]", "RESERVE dc-2 [worker=7]", "RESERVE dc-3 [worker=96]");
        assertThat(fleet.decisions(JOB)).containsOnlyOnce("REPLICAS_RESCALED");
        assertThat(rescaleWait()).as("off the list once re-scaled").isNull();
    }

    private RescaleWait rescaleWait() {
        return RescaleWait.parse(fleet.workload(JOB).getWaiting());
    }
}
