package io.fedstream.api;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The kinds the query API serves the Kubernetes way, each with its group, names, scope, table and reader: Karmada's
 * ResourceBinding and ClusterResourceBinding ({@code work.karmada.io/v1alpha2}), FederatedResourceQuota and the four
 * policies ({@code policy.karmada.io/v1alpha1}), Cluster ({@code cluster.karmada.io/v1alpha1}), and fedstream's own
 * Migration, Aggregate and ClusterAggregate ({@code fedstream.io/v1alpha1}). Short names as Karmada's CRDs give them,
 * and {@code frq} as {@code fedstream get} has it.
 */
final class KubeApi {

    private static final List<String> KARMADA = List.of("karmada-io");
    private static final List<String> FEDSTREAM = List.of("fedstream");

    static final ApiResource RESOURCE_BINDINGS = new ApiResource("work.karmada.io", "v1alpha2", "ResourceBinding", "resourcebindings",
            "resourcebinding", List.of("rb"), true, KARMADA, BindingColumns.ALL);
    static final ApiResource CLUSTER_RESOURCE_BINDINGS = new ApiResource("work.karmada.io", "v1alpha2", "ClusterResourceBinding",
            "clusterresourcebindings", "clusterresourcebinding", List.of("crb"), false, KARMADA, BindingColumns.ALL);
    static final ApiResource QUOTAS = new ApiResource("policy.karmada.io", "v1alpha1", "FederatedResourceQuota", "federatedresourcequotas",
            "federatedresourcequota", List.of("frq"), true, KARMADA, QuotaColumns.ALL);
    static final ApiResource PROPAGATION_POLICIES = new ApiResource("policy.karmada.io", "v1alpha1", "PropagationPolicy",
            "propagationpolicies", "propagationpolicy", List.of("pp"), true, KARMADA, PolicyColumns.of(PolicyColumns.PROPAGATION));
    static final ApiResource CLUSTER_PROPAGATION_POLICIES = new ApiResource("policy.karmada.io", "v1alpha1", "ClusterPropagationPolicy",
            "clusterpropagationpolicies", "clusterpropagationpolicy", List.of("cpp"), false, KARMADA,
            PolicyColumns.of(PolicyColumns.PROPAGATION));
    static final ApiResource OVERRIDE_POLICIES = new ApiResource("policy.karmada.io", "v1alpha1", "OverridePolicy", "overridepolicies",
            "overridepolicy", List.of("op"), true, KARMADA, PolicyColumns.of(PolicyColumns.OVERRIDE));
    static final ApiResource CLUSTER_OVERRIDE_POLICIES = new ApiResource("policy.karmada.io", "v1alpha1", "ClusterOverridePolicy",
            "clusteroverridepolicies", "clusteroverridepolicy", List.of("cop"), false, KARMADA, PolicyColumns.of(PolicyColumns.OVERRIDE));
    static final ApiResource CLUSTERS = new ApiResource("cluster.karmada.io", "v1alpha1", "Cluster", "clusters", "cluster", List.of(),
            false, KARMADA, ClusterColumns.ALL);
    static final ApiResource MIGRATIONS = new ApiResource("fedstream.io", "v1alpha1", "Migration", "migrations", "migration", List.of("mig"),
            true, FEDSTREAM, MigrationColumns.ALL);
    static final ApiResource AGGREGATES = new ApiResource("fedstream.io", "v1alpha1", "Aggregate", "aggregates", "aggregate", List.of("agg"),
            true, FEDSTREAM, AggregateColumns.NAMESPACE);
    static final ApiResource CLUSTER_AGGREGATES = new ApiResource("fedstream.io", "v1alpha1", "ClusterAggregate", "clusteraggregates",
            "clusteraggregate", List.of("cagg"), false, FEDSTREAM, AggregateColumns.CLUSTER);

    private KubeApi() {}

    /** The routes of every kind over the readers of the two clients' stores. */
    static List<ResourceRoutes> routes(BindingQuery bindings, QuotaQuery quotas, AggregateQuery aggregates, MigrationQuery migrations,
                                       ClusterQuery clusters, PolicyQuery propagation, PolicyQuery override, Clock clock,
                                       Duration requestTimeout) {
        return List.of(
                new ResourceRoutes(RESOURCE_BINDINGS, bindings, clock, requestTimeout),
                new ResourceRoutes(CLUSTER_RESOURCE_BINDINGS, bindings.clusterScoped(), clock, requestTimeout),
                new ResourceRoutes(QUOTAS, quotas, clock, requestTimeout),
                new ResourceRoutes(PROPAGATION_POLICIES, new PolicyReader(propagation, false), clock, requestTimeout),
                new ResourceRoutes(CLUSTER_PROPAGATION_POLICIES, new PolicyReader(propagation, true), clock, requestTimeout),
                new ResourceRoutes(OVERRIDE_POLICIES, new PolicyReader(override, false), clock, requestTimeout),
                new ResourceRoutes(CLUSTER_OVERRIDE_POLICIES, new PolicyReader(override, true), clock, requestTimeout),
                new ResourceRoutes(CLUSTERS, clusters, clock, requestTimeout),
                new ResourceRoutes(MIGRATIONS, migrations, clock, requestTimeout),
                new ResourceRoutes(AGGREGATES, aggregates.namespaces(), clock, requestTimeout),
                new ResourceRoutes(CLUSTER_AGGREGATES, aggregates.clusters(), clock, requestTimeout));
    }
}
