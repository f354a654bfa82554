package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.admit.Aggregate;
import io.fedstream.admit.LedgerState;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.Resources;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The query readers over the stores the admit stage fills on TopologyTestDriver: quotas with statuses, aggregates. */
class AdmitReadersTest {

    private static final Instant OBSERVED = Instant.parse("2026-11-29T10:00:00Z");
    private static final Instant QUERIED = Instant.parse("2026-11-29T11:00:00Z");

    @TempDir Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, PolicyEvent> policies;
    private TestInputTopic<String, WorkloadEvent> workloads;
    private Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores;

    @BeforeEach
    void startDriver() {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, OBSERVED);
        var topics = fedstream.topics();
        policies = driver.createInputTopic(topics.policies().name(), Serdes.String().serializer(), topics.policies().valueSerde().serializer());
        workloads = driver.createInputTopic(topics.workloads().name(), Serdes.String().serializer(), topics.workloads().valueSerde().serializer());
        stores = name -> driver.<String, byte[]>getKeyValueStore(name);
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void quotaReportsAreTheLedgersStatusesWithTheQuotaInForce() {
        policies.pipeInput("FederatedResourceQuota/team-a/compute", policy("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"compute","namespace":"team-a"},
                 "spec":{"overall":{"requests.cpu":"4","memory":"8Gi","pods":"10"},
                         "staticAssignments":[{"clusterName":"eu-west-1","hard":{"cpu":"2"}}]}}"""), OBSERVED);
        policies.pipeInput("FederatedResourceQuota/team-a/objects", policy("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"objects","namespace":"team-a"},
                 "spec":{"overall":{"count/deployments.apps":"3"}}}"""), OBSERVED);
        workloads.pipeInput("apps/Deployment/team-a/web", placed(deployment("team-a", "web", 3, "500m", "512Mi"), "eu-west-1"), OBSERVED);
        workloads.pipeInput("apps/Deployment/team-a/big", placed(deployment("team-a", "big", 2, "1", "1Gi"), "eu-west-1"), OBSERVED);

        List<QuotaReport> reports = new QuotaReader(stores, Clock.fixed(QUERIED, ZoneOffset.UTC)).inNamespace("team-a");

        assertThat(reports).extracting(QuotaReport::name).containsExactly("compute", "objects");
        QuotaReport compute = reports.get(0);
        assertThat(compute.inForce()).hasValueSatisfying(quota -> {
            assertThat(quota.overall().toQuantities()).isEqualTo(Map.of("cpu", "4", "memory", "8Gi", "pods", "10"));
            assertThat(quota.staticAssignments()).extracting(a -> a.clusterName() + " " + a.hard().toQuantities())
                    .containsExactly("eu-west-1 {cpu=2}");
        });
        assertThat(compute.status()).isEqualTo(QuotaStatus.newBuilder()
                .setNamespace("team-a")
                .setName("compute")
                .setHard(Map.of("cpu", "4", "memory", "8Gi", "pods", "10"))
                .setUsed(Map.of("cpu", "1500m", "memory", "1536Mi", "pods", "3"))
                .setOverage(Map.of())
                .setClusters(List.of(ClusterQuotaUsage.newBuilder()
                        .setCluster("eu-west-1").setHard(Map.of("cpu", "2")).setUsed(Map.of("cpu", "1500m")).setOverage(Map.of()).build()))
                .setAdmittedCount(1)
                .setRejectedCount(1)
                .setProblems(List.of())
                .setUpdatedAt(QUERIED)
                .build());
        QuotaReport objects = reports.get(1);
        assertThat(objects.inForce()).isEmpty();
        assertThat(objects.status().getHard()).isEmpty();
        assertThat(objects.status().getProblems()).extracting(QuotaProblem::getField, QuotaProblem::getValue)
                .containsExactly(tuple("spec.overall[count/deployments.apps]", "3"));
    }

    @Test
    void aNamespaceWithoutQuotasHasNoReports() {
        workloads.pipeInput("apps/Deployment/team-b/web", placed(deployment("team-b", "web", 1, "1", "1Gi"), "eu-west-1"), OBSERVED);

        assertThat(new QuotaReader(stores, Clock.systemUTC()).inNamespace("team-b")).isEmpty();
    }

    @Test
    void aggregatesOfANamespaceAndTheSharesOfEachCluster() {
        workloads.pipeInput("apps/Deployment/team-a/web", placed(deployment("team-a", "web", 3, "500m", "512Mi"), "eu-west-1"), OBSERVED);
        workloads.pipeInput("apps/Deployment/team-a/api", placed(deployment("team-a", "api", 2, "1", "1Gi")), OBSERVED);
        workloads.pipeInput("apps/Deployment/team-b/etl", placed(deployment("team-b", "etl", 1, "2", "4Gi"), "eu-west-1", "us-east-1"), OBSERVED);

        AggregateReader reader = new AggregateReader(stores.apply(AdmitStores.AGGREGATES));

        assertThat(reader.namespace("team-a")).isEqualTo(new NamespaceAggregates("team-a",
                new Aggregate(2, 5, resources("3500m", "3584Mi")),
                List.of(new NamespaceAggregates.Component("Deployment", "main", new Aggregate(2, 5, resources("3500m", "3584Mi"))))));
        assertThat(reader.namespace("nobody")).isEqualTo(new NamespaceAggregates("nobody", Aggregate.NONE, List.of()));
        assertThat(reader.clusterShares(Optional.empty())).containsExactly(
                new ClusterShare("eu-west-1", "team-a", new Aggregate(1, 3, resources("1500m", "1536Mi"))),
                new ClusterShare("eu-west-1", "team-b", new Aggregate(1, 1, resources("2", "4Gi"))),
                new ClusterShare("us-east-1", "team-b", new Aggregate(1, 1, resources("2", "4Gi"))));
        assertThat(reader.clusterShares(Optional.of("us-east-1"))).containsExactly(
                new ClusterShare("us-east-1", "team-b", new Aggregate(1, 1, resources("2", "4Gi"))));
        assertThat(reader.clusterShares(Optional.of("us-east"))).isEmpty();
    }

    @Test
    void theQueriedLedgerStateRefusesWrites() {
        LedgerState state = StoreLedgerState.readOnly(stores);

        assertThatThrownBy(() -> state.removeQuota("team-a", "compute")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(state.quotas("team-a")).isEmpty();
    }

    private static Resources resources(String cpu, String memory) {
        return Resources.fromQuantities(Map.of("cpu", cpu, "memory", memory));
    }

    private static PolicyEvent policy(String manifest) {
        return PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(OBSERVED).build();
    }

    private static WorkloadEvent placed(String manifest, String... clusters) {
        WorkloadEvent.Builder event = WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(OBSERVED);
        if (clusters.length > 0) {
            event.setPlacement(Placement.newBuilder()
                    .setClusters(List.of(clusters).stream().map(c -> ClusterTarget.newBuilder().setName(c).build()).toList())
                    .setScheduling(ReplicaScheduling.DUPLICATED)
                    .build());
        }
        return event.build();
    }

    private static String deployment(String namespace, String name, int replicas, String cpu, String memory) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"%s","memory":"%s"}}}]}}}}
                """.formatted(name, namespace, replicas, cpu, memory);
    }
}
