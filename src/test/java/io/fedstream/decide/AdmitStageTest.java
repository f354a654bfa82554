package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Aggregate;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.QuotaRejection;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stage 3 through the whole topology on TopologyTestDriver: every admission rule of issue 4. */
class AdmitStageTest {

    private static final String A = "apps/Deployment/team-a/a";
    private static final String B = "apps/Deployment/team-a/b";
    private static final String C = "apps/Deployment/team-a/c";

    @TempDir Path stateDir;

    private AdmitDriver fleet;

    @BeforeEach
    void start() {
        fleet = new AdmitDriver(stateDir);
    }

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void workloadsAreAdmittedUntilTheQuotaIsFullThenRejectedWithResourceHardUsedAndRequested() {
        fleet.quota("team-a", "q", "cpu=4", "memory=8Gi");
        fleet.deployment("team-a", "a", 2, "1", "1Gi").deployment("team-a", "b", 1, "1500m", "1Gi").deployment("team-a", "c", 2, "1", "1Gi")
                .writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.binding(A).getAdmission().getCharged()).containsEntry("cpu", "2").containsEntry("memory", "2Gi");
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        ResourceBinding c = fleet.binding(C);
        assertThat(c.getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(c.getAdmission().getCharged()).as("nothing of a rejected workload is charged").isEmpty();
        assertThat(c.getAdmission().getRejections()).containsExactly(QuotaRejection.newBuilder()
                .setQuota("team-a/q").setCluster(null).setResource("cpu").setHard("4").setUsed("3500m").setRequested("2").build());
        assertThat(c.getAdmission().getReason()).isEqualTo("exceeded quota team-a/q: requested cpu=2, used cpu=3500m, limited cpu=4");

        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getHard()).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "4", "memory", "8Gi"));
        assertThat(status.getUsed()).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "3500m", "memory", "3Gi"));
        assertThat(status.getAdmittedCount()).isEqualTo(2);
        assertThat(status.getRejectedCount()).isEqualTo(1);
    }

    @Test
    void requestsDotCpuIsEnforcedLikeCpuNotIgnored() {
        fleet.quota("team-a", "q", "requests.cpu=1");
        fleet.deployment("team-a", "a", 2, "1", "1Gi");

        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(A).getAdmission().getRejections().get(0).getResource()).isEqualTo("cpu");
    }

    @Test
    void limitsDotCpuIsChargedWithTheLimitsTotal() {
        fleet.quota("team-a", "q", "limits.cpu=2", "cpu=10");
        fleet.workload(A, """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"a","namespace":"team-a"},
                 "spec":{"replicas":3,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"250m"},"limits":{"cpu":"1"}}}]}}}}""", null);

        ResourceBinding a = fleet.binding(A);
        assertThat(a.getTotalLimits()).containsEntry("cpu", "3");
        assertThat(a.getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(a.getAdmission().getRejections()).singleElement().satisfies(r -> {
            assertThat(r.getResource()).isEqualTo("limits.cpu");
            assertThat(r.getRequested()).isEqualTo("3");
            assertThat(r.getHard()).isEqualTo("2");
        });
    }

    @Test
    void anUpdateBeyondTheQuotaIsRejectedAndThePreviousVersionStaysCharged() {
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 2, "1", "1Gi");
        fleet.deployment("team-a", "a", 6, "1", "1Gi").writeStatuses();

        ResourceBinding a = fleet.binding(A);
        assertThat(a.getGeneration()).isEqualTo(2);
        assertThat(a.getComponents().get(0).getReplicas()).as("the binding shows the version asked for").isEqualTo(6);
        assertThat(a.getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(a.getAdmission().getRejections()).singleElement()
                .satisfies(r -> assertThat(r.getRequested()).as("the delta").isEqualTo("4"));
        assertThat(a.getAdmission().getCharged()).containsEntry("cpu", "2");
        assertThat(a.getAdmission().getChargedGeneration()).isEqualTo(1);
        assertThat(fleet.status("team-a", "q").getUsed()).containsEntry("cpu", "2");
    }

    @Test
    void anAdmittedBindingIsStoredOnceAndACopyIsKeptOnlyWhileANewerVersionIsNotAdmitted() {
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 2, "1", "1Gi");
        assertThat(fleet.keptApart(A)).as("the latest binding is the admitted one").isNull();

        fleet.deployment("team-a", "a", 6, "1", "1Gi");
        assertThat(fleet.keptApart(A).getGeneration()).as("version 1 stays charged while version 2 waits").isEqualTo(1);
        assertThat(fleet.aggregates().values()).allSatisfy(aggregate -> assertThat(aggregate.resources().get("cpu")).isEqualTo(2_000L));

        fleet.deployment("team-a", "a", 3, "1", "1Gi");
        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.keptApart(A)).as("version 3 is admitted: no copy apart").isNull();
        assertThat(fleet.aggregates().values()).allSatisfy(aggregate -> assertThat(aggregate.resources().get("cpu")).isEqualTo(3_000L));

        fleet.delete(A);
        assertThat(fleet.aggregates()).as("a deleted workload leaves the aggregates").isEmpty();
    }

    @Test
    void aFlinkJobWhoseParallelismRisesPastTheQuotaIsRejected() {
        fleet.quota("streaming", "q", "cpu=10", "memory=40Gi");
        String key = "flink.apache.org/FlinkDeployment/streaming/fraud";
        fleet.workload(key, flink(4), null);
        assertThat(fleet.binding(key).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);

        fleet.workload(key, flink(12), null).writeStatuses();

        assertThat(fleet.binding(key).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(key).getAdmission().getCharged()).containsEntry("cpu", "5");
        assertThat(fleet.status("streaming", "q").getUsed()).containsEntry("cpu", "5");
    }

    @Test
    void deletingAWorkloadReleasesItsChargeAndAdmitsTheQueuedOne() {
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 3, "1", "1Gi").deployment("team-a", "b", 2, "1", "1Gi");
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);

        fleet.delete(A).writeStatuses();

        assertThat(fleet.bindings).doesNotContainKey(A);
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.status("team-a", "q").getUsed()).containsEntry("cpu", "2");
        assertThat(fleet.audit).extracting(AuditEvent::getDecision).containsSubsequence("REJECTED", "RELEASED", "ADMITTED");
    }

    @Test
    void aGrownQuotaAdmitsQueuedWorkloadsWithoutAnyWorkloadEvent() {
        fleet.quota("team-a", "q", "cpu=2");
        fleet.deployment("team-a", "a", 3, "1", "1Gi");
        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);

        fleet.quota("team-a", "q", "cpu=3");
        assertThat(fleet.binding(A).getAdmission().getState()).as("the quota's own record admits it").isEqualTo(AdmissionState.ADMITTED);
        fleet.tick().writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.status("team-a", "q").getUsed()).containsEntry("cpu", "3");
    }

    @Test
    void aNewQuotaGetsAStatusWithoutAnyWorkload() {
        fleet.quota("empty", "q", "cpu=2").tick().writeStatuses();

        assertThat(fleet.status("empty", "q").getUsed()).containsEntry("cpu", "0");
        assertThat(fleet.audit).extracting(AuditEvent::getDecision).containsExactly("QUOTA_APPLIED");
    }

    @Test
    void aShrunkQuotaNeverEvictsButShowsTheOverage() {
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 3, "1", "1Gi");
        fleet.quota("team-a", "q", "cpu=2").tick().writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getUsed()).containsEntry("cpu", "3");
        assertThat(status.getOverage()).containsEntry("cpu", "1");
        fleet.deployment("team-a", "a", 2, "1", "1Gi");
        assertThat(fleet.binding(A).getAdmission().getState()).as("a decrease is always admitted").isEqualTo(AdmissionState.ADMITTED);
    }

    @Test
    void aRefusedQuotaIsADeadLetterWithItsFieldAndTheLastValidVersionStaysInForce() {
        fleet.quota("team-a", "q", "cpu=2").tick();
        fleet.quota("team-a", "q", "cpus=20");
        fleet.deployment("team-a", "a", 3, "1", "1Gi").writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getState()).as("cpu=2 still holds").isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo("FederatedResourceQuota/team-a/q");
            assertThat(new String(letter.headers().lastHeader("field").value(), StandardCharsets.UTF_8)).isEqualTo("spec.overall.cpus");
            assertThat(new String(letter.headers().lastHeader("stage").value(), StandardCharsets.UTF_8)).isEqualTo("admit");
        });
        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getHard()).containsEntry("cpu", "2");
        assertThat(status.getProblems()).singleElement().satisfies(p -> assertThat(p.getField()).isEqualTo("spec.overall.cpus"));
        assertThat(fleet.audit).extracting(AuditEvent::getDecision).contains("QUOTA_APPLIED", "QUOTA_REFUSED");
    }

    @Test
    void aDeletedQuotaNoLongerLimitsAndItsStatusIsRemoved() {
        fleet.quota("team-a", "q", "cpu=1");
        fleet.deployment("team-a", "a", 3, "1", "1Gi").writeStatuses();
        assertThat(fleet.statuses).containsKey("team-a/q");

        fleet.deleteQuota("team-a", "q").tick();

        assertThat(fleet.binding(A).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.statuses).as("the tombstone is written with the deletion, not at the next status write")
                .doesNotContainKey("team-a/q");
    }

    @Test
    void staticAssignmentsAreEnforcedPerClusterAndDuplicatedWorkloadsAreChargedPerCluster() {
        fleet.quotaManifest("team-a", "q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"10"},"staticAssignments":[{"clusterName":"m1","hard":{"cpu":"3"}}]}}""");
        fleet.deployment("team-a", "a", 2, "1", "1Gi", null, AdmitDriver.duplicated("m1", "m2"));
        fleet.deployment("team-a", "b", 2, "1", "1Gi", null, AdmitDriver.duplicated("m1")).writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getCharged()).containsEntry("cpu", "4");
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(B).getAdmission().getRejections()).singleElement()
                .satisfies(r -> assertThat(r.getCluster()).isEqualTo("m1"));
        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getUsed()).containsEntry("cpu", "4");
        assertThat(status.getClusters()).anySatisfy(c -> {
            assertThat(c.getCluster()).isEqualTo("m1");
            assertThat(c.getUsed()).containsEntry("cpu", "2");
            assertThat(c.getHard()).containsEntry("cpu", "3");
        });
    }

    @Test
    void aDividedPlacementChargesEachClusterItsShareOfTheReplicas() {
        fleet.quotaManifest("team-a", "q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-a"},
                 "spec":{"overall":{"cpu":"20"},"staticAssignments":[{"clusterName":"m2","hard":{"cpu":"3"}}]}}""");
        fleet.deployment("team-a", "a", 10, "1", "1Gi", null, AdmitDriver.divided(Map.of("m1", 7L, "m2", 3L)));
        fleet.deployment("team-a", "b", 10, "1", "1Gi", null, AdmitDriver.divided(Map.of("m1", 6L, "m2", 4L))).writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getCharged()).containsEntry("cpu", "10");
        assertThat(fleet.binding(A).getPlacement().getClusters()).extracting(c -> c.getName() + "=" + c.getReplicas())
                .containsExactlyInAnyOrder("m1=7", "m2=3");
        // b's share on m2 (4 cpu) exceeds what is left there (0 of 3), though the overall quota has room for it.
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(B).getAdmission().getRejections()).singleElement()
                .satisfies(r -> assertThat(r.getCluster()).isEqualTo("m2"));
        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getUsed()).containsEntry("cpu", "10");
        assertThat(status.getClusters()).anySatisfy(c -> {
            assertThat(c.getCluster()).isEqualTo("m2");
            assertThat(c.getUsed()).containsEntry("cpu", "3");
        });
    }

    @Test
    void theQueueTriesHigherPriorityFirst() {
        fleet.priorityClass("high", 1000);
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 4, "1", "1Gi");
        fleet.deployment("team-a", "b", 3, "1", "1Gi");
        fleet.deployment("team-a", "c", 3, "1", "1Gi", "high", null);

        fleet.delete(A);

        assertThat(fleet.binding(C).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.binding(B).getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
    }

    @Test
    void anUninterpretedWorkloadIsNeverCountedAsZero() {
        fleet.quota("ml", "q", "cpu=4");
        String key = "example.com/MyTrainer/ml/t";
        fleet.workload(key, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"MyTrainer\",\"metadata\":{\"name\":\"t\",\"namespace\":\"ml\"}}", null).writeStatuses();

        ResourceBinding binding = fleet.binding(key);
        assertThat(binding.getAdmission().getState()).isEqualTo(AdmissionState.PENDING);
        assertThat(binding.getAdmission().getReason()).startsWith("uninterpreted");
        assertThat(binding.getAdmission().getCharged()).isEmpty();
        assertThat(fleet.status("ml", "q").getAdmittedCount()).isZero();
    }

    @Test
    void aVersionThatBecomesInvalidLeavesTheQueueAndTheAdmittedVersionCharged() {
        fleet.quota("team-a", "q", "cpu=4");
        fleet.deployment("team-a", "a", 2, "1", "1Gi");
        fleet.deployment("team-a", "a", 9, "1", "1Gi");
        fleet.deployment("team-a", "a", -1, "1", "1Gi");

        ResourceBinding a = fleet.binding(A);
        assertThat(a.getAdmission().getState()).isEqualTo(AdmissionState.NOT_APPLICABLE);
        assertThat(a.getAdmission().getCharged()).containsEntry("cpu", "2");
        fleet.quota("team-a", "q", "cpu=100").tick().writeStatuses();
        assertThat(fleet.binding(A).getAdmission().getState()).as("the 9-replica version was withdrawn").isEqualTo(AdmissionState.NOT_APPLICABLE);
        assertThat(fleet.status("team-a", "q").getUsed()).containsEntry("cpu", "2");
    }

    @Test
    void everyDecisionIsOneAuditEventNamingItsSource() {
        fleet.quota("team-a", "q", "cpu=1");
        fleet.deployment("team-a", "a", 1, "1", "1Gi").deployment("team-a", "b", 1, "1", "1Gi");

        assertThat(fleet.audit).extracting(AuditEvent::getDecision).containsExactly("QUOTA_APPLIED", "ADMITTED", "REJECTED");
        AuditEvent rejected = fleet.audit.get(2);
        assertThat(rejected.getWorkloadKey()).isEqualTo(B);
        assertThat(rejected.getQuota()).isEqualTo("team-a/q");
        assertThat(rejected.getResource()).isEqualTo("cpu");
        assertThat(rejected.getHard()).isEqualTo("1");
        assertThat(rejected.getUsed()).isEqualTo("1");
        assertThat(rejected.getRequested()).isEqualTo("1");
        assertThat(rejected.getSourceTopic()).isEqualTo("fedstream.workloads");
        assertThat(rejected.getSourceOffset()).isEqualTo(1L);
        assertThat(fleet.audit).extracting(AuditEvent::getDecisionId).doesNotHaveDuplicates();
    }

    @Test
    void aggregatesFollowTheAdmittedVersionsIncrementally() {
        fleet.deployment("team-a", "a", 2, "1", "1Gi", null, AdmitDriver.duplicated("m1", "m2"));
        String flink = "flink.apache.org/FlinkDeployment/team-a/f";
        fleet.workload(flink, flink("team-a", "f", 4), null);

        Map<String, Aggregate> aggregates = fleet.aggregates();
        assertThat(aggregates.get(AggregateKeys.namespace("team-a"))).isEqualTo(new Aggregate(2, 4 + 5,
                Resources.fromQuantities(Map.of("cpu", "9", "memory", "4Gi")).plus(Resources.fromQuantities(Map.of("memory", "10Gi")))));
        assertThat(aggregates.get(AggregateKeys.component("team-a", "FlinkDeployment", "taskmanager")))
                .isEqualTo(new Aggregate(1, 4, Resources.fromQuantities(Map.of("cpu", "4", "memory", "8Gi"))));
        assertThat(aggregates.get(AggregateKeys.component("team-a", "Deployment", "main")).replicas()).isEqualTo(4);
        assertThat(aggregates.get(AggregateKeys.cluster("m1", "team-a")))
                .isEqualTo(new Aggregate(1, 2, Resources.fromQuantities(Map.of("cpu", "2", "memory", "2Gi"))));

        fleet.delete(flink).delete("apps/Deployment/team-a/a");

        assertThat(fleet.aggregates()).as("nothing left behind").isEmpty();
    }

    private static String flink(int parallelism) {
        return flink("streaming", "fraud", parallelism);
    }

    /** A FlinkDeployment of 1 jobmanager (1 cpu, 2Gi) and parallelism / 1 slot taskmanagers (1 cpu, 2Gi). */
    private static String flink(String namespace, String name, int parallelism) {
        return """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"flinkConfiguration":{"taskmanager.numberOfTaskSlots":"1"},
                  "jobManager":{"resource":{"cpu":1,"memory":"2Gi"}},
                  "taskManager":{"resource":{"cpu":1,"memory":"2Gi"}},
                  "job":{"jarURI":"local:///job.jar","parallelism":%d}}}"""
                .formatted(name, namespace, parallelism);
    }
}
