/**
 * The query API: one HTTP server per instance ({@link io.fedstream.api.QueryServer}) answering for the whole application
 * the Kubernetes way, so that kubectl and k9s read it, plus the live view's files and {@code /metrics}; read-only,
 * behind the bearer token (over HTTPS when {@code http.tls.*} names a certificate: kubectl sends a token over HTTPS only).
 *
 * <p>The kinds ({@link io.fedstream.api.KubeApi}), each at Kubernetes' paths with discovery
 * ({@link io.fedstream.api.Discovery}), paged lists, one object, a watch, and a table ({@code *Columns}) when kubectl
 * asks for one ({@link io.fedstream.api.ResourceRoutes}), and from which stores (Kafka Streams interactive queries):
 * <ul>
 *   <li>{@code work.karmada.io/v1alpha2} ResourceBinding: the binding in each workload's record of the namespace
 *       pass's {@code workloads-store}, partitioned by namespace ({@link io.fedstream.api.BindingQuery}),
 *       with the status of its copies on the member clusters from the workstatus sub-topology's {@code work-status-store},
 *       partitioned by namespace too (conditions and aggregatedStatus: {@link io.fedstream.propagate.BindingStatus});
 *       ClusterResourceBinding: the bindings of cluster-scoped objects (namespace {@code ""}), from the same stores;
 *   <li>{@code policy.karmada.io/v1alpha1} FederatedResourceQuota: the namespace pass's ledger (the quotas, quota
 *       sources and queue in sections of its {@code pass-state-store}, and its {@code admission-usage-store}), partitioned
 *       by namespace ({@link io.fedstream.api.QuotaQuery}); PropagationPolicy, ClusterPropagationPolicy, OverridePolicy and
 *       ClusterOverridePolicy: the policies section of the namespace pass's {@code pass-state-store}, where every
 *       partition holds them all, read from any one ({@link io.fedstream.api.PolicyQuery});
 *   <li>{@code cluster.karmada.io/v1alpha1} Cluster: the health client's {@code cluster-states-store}, keyed by cluster
 *       ({@link io.fedstream.api.ClusterQuery});
 *   <li>{@code fedstream.io/v1alpha1} Migration: the commands in the workloads' records of the namespace pass's
 *       {@code workloads-store}, partitioned by namespace ({@link io.fedstream.api.MigrationQuery}); Aggregate and ClusterAggregate: the namespace pass's
 *       {@code aggregates-store}, partitioned by namespace ({@link io.fedstream.api.AggregateQuery}).
 * </ul>
 * The previous release's routes ({@code /apis/resourcebindings}, {@code /apis/quotas}, ...) stay as aliases for one
 * release; those of large lists answer the same paged lists. {@code /apis/recommendations} (the right-sizing stage's
 * {@code rightsize-recommendations-store} and {@code rightsize-quotas-store}, partitioned by namespace, with each
 * namespace's totals and quota forecast: {@link io.fedstream.api.RecommendationQuery}) is served on fedstream's route
 * only so far.
 *
 * <p>Memory per request is bounded: a list is read one object at a time and written as it is read
 * ({@link io.fedstream.api.ListPage}, {@link io.fedstream.api.StreamedReply}), a page at most {@code limit} objects
 * (500 by default) and ended early at the request's time limit, with a {@code continue} token
 * ({@link io.fedstream.api.Continue}) where the next page resumes; the server answers a bounded number of queries and
 * watches at once, and 429 with {@code Retry-After} beyond ({@link io.fedstream.api.RequestGate}).
 *
 * <p>Every query reads this instance's partitions itself and asks the other instances, through the one
 * {@link io.fedstream.api.PeerClient}, on {@code /internal/...} routes that answer for exactly the partitions given in
 * {@code ?partitions=} (a list: one partition's page, {@code /internal/pages/KIND}). Where partitions are active comes from
 * Kafka Streams' metadata ({@link io.fedstream.api.StreamsPartitions}); while a partition is active nowhere or moving,
 * the answer is 503 with {@code Retry-After}, never a short list or a 404 it cannot be sure of: a failure after the first
 * bytes of a list went out breaks the body off, so that no client takes it for a whole list.
 */
package io.fedstream.api;
