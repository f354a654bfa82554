package io.fedstream.api;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import io.fedstream.decide.QuotaReport;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Quotas, aggregates and cluster shares as the query API's tests and the command-line tests show them. */
public final class TestQuotas {

    private TestQuotas() {}

    /**
     * {@code ml/gpu}: cpu 10, memory 64Gi, nvidia.com/gpu 4, pods 20 overall; eu-west-1 assigned 2 GPUs, over by 1 there;
     * us-east-1, assigned nothing, shows every key of the quota, 0 included, as the ledger reports it.
     */
    public static QuotaReport gpuQuota() {
        FederatedResourceQuota quota = new FederatedResourceQuota("ml", "gpu",
                quantities(Map.of("cpu", "10", "memory", "64Gi", "nvidia.com/gpu", "4", "pods", "20")),
                List.of(new FederatedResourceQuota.StaticAssignment("eu-west-1", quantities(Map.of("nvidia.com/gpu", "2")))));
        return new QuotaReport(Optional.of(quota), QuotaStatus.newBuilder()
                .setNamespace("ml").setName("gpu")
                .setHard(Map.of("cpu", "10", "memory", "64Gi", "nvidia.com/gpu", "4", "pods", "20"))
                .setUsed(Map.of("cpu", "9500m", "memory", "40Gi", "nvidia.com/gpu", "3", "pods", "5"))
                .setOverage(Map.of())
                .setClusters(List.of(
                        ClusterQuotaUsage.newBuilder().setCluster("eu-west-1").setHard(Map.of("nvidia.com/gpu", "2"))
                                .setUsed(Map.of("nvidia.com/gpu", "3")).setOverage(Map.of("nvidia.com/gpu", "1")).build(),
                        ClusterQuotaUsage.newBuilder().setCluster("us-east-1").setHard(Map.of())
                                .setUsed(Map.of("cpu", "1", "memory", "2Gi", "nvidia.com/gpu", "0", "pods", "1")).setOverage(Map.of()).build()))
                .setAdmittedCount(3).setRejectedCount(1)
                .setProblems(List.of(QuotaProblem.newBuilder().setField("spec.overall[cpu]").setValue("ten")
                        .setReason("is not a quantity").build()))
                .setUpdatedAt(Instant.EPOCH)
                .build());
    }

    /** {@code ml/objects}: every version refused, nothing in force. */
    public static QuotaReport refusedQuota() {
        return new QuotaReport(Optional.empty(), QuotaStatus.newBuilder()
                .setNamespace("ml").setName("objects")
                .setHard(Map.of()).setUsed(Map.of())
                .setProblems(List.of(QuotaProblem.newBuilder().setField("spec.overall[count/deployments.apps]").setValue("3")
                        .setReason("is an object count, which fedstream does not charge").build()))
                .setUpdatedAt(Instant.EPOCH)
                .build());
    }

    /** {@code ml}: a FlinkDeployment's jobmanager and taskmanagers and a PyTorchJob's workers. */
    public static NamespaceAggregates mlAggregates() {
        return new NamespaceAggregates("ml", aggregate(2, 7, Map.of("cpu", "25", "memory", "82Gi", "nvidia.com/gpu", "3")), List.of(
                new NamespaceAggregates.Component("FlinkDeployment", "jobmanager", aggregate(1, 1, Map.of("cpu", "1", "memory", "2Gi"))),
                new NamespaceAggregates.Component("FlinkDeployment", "taskmanager", aggregate(1, 3, Map.of("cpu", "6", "memory", "16Gi"))),
                new NamespaceAggregates.Component("PyTorchJob", "worker",
                        aggregate(1, 3, Map.of("cpu", "18", "memory", "64Gi", "nvidia.com/gpu", "3")))));
    }

    /** eu-west-1 runs ml and team-a, us-east-1 runs ml. */
    public static List<ClusterShare> shares() {
        return List.of(
                new ClusterShare("eu-west-1", "ml", aggregate(1, 3, Map.of("cpu", "18", "memory", "64Gi", "nvidia.com/gpu", "3"))),
                new ClusterShare("eu-west-1", "team-a", aggregate(2, 4, Map.of("cpu", "2", "memory", "2Gi"))),
                new ClusterShare("us-east-1", "ml", aggregate(1, 1, Map.of("cpu", "1", "memory", "2Gi"))));
    }

    public static Aggregate aggregate(long workloads, long replicas, Map<String, String> resources) {
        return new Aggregate(workloads, replicas, quantities(resources));
    }

    private static Resources quantities(Map<String, String> values) {
        return Resources.fromQuantities(values);
    }
}
