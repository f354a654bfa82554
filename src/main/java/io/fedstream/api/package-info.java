/**
 * The query API: one HTTP server per instance ({@link io.fedstream.api.QueryServer}) answering JSON for the whole
 * application, the live view's files and {@code /metrics}; read-only, behind the bearer token.
 *
 * <p>What it serves, and from which stores (Kafka Streams interactive queries):
 * <ul>
 *   <li>{@code /apis/resourcebindings}, {@code /apis/workloads}: the admit stage's {@code admission-bindings-store} and
 *       its names index {@code admission-binding-names-store}, partitioned by namespace ({@link io.fedstream.api.BindingQuery});
 *   <li>{@code /apis/quotas}: the admit stage's ledger stores ({@code admission-quotas-store}, usage, queue,
 *       {@code admission-quota-sources-store}), partitioned by namespace ({@link io.fedstream.api.QuotaQuery});
 *   <li>{@code /apis/aggregates}: the admit stage's {@code aggregates-store}, partitioned by namespace
 *       ({@link io.fedstream.api.AggregateQuery});
 *   <li>{@code /apis/migrations}: the fail-over stage's {@code migrations-store}, partitioned by workload key
 *       ({@link io.fedstream.api.MigrationQuery});
 *   <li>{@code /apis/recommendations}: the right-sizing stage's {@code rightsize-recommendations-store} and
 *       {@code rightsize-quotas-store}, partitioned by namespace, with each namespace's totals and quota forecast
 *       ({@link io.fedstream.api.RecommendationQuery});
 *   <li>{@code /apis/clusters}: the health client's {@code cluster-states-store}, keyed by cluster
 *       ({@link io.fedstream.api.ClusterQuery});
 *   <li>{@code /apis/propagationpolicies}, {@code /apis/overridepolicies}: the {@code policies-store} global store,
 *       whole on every instance ({@link io.fedstream.api.PolicyQuery}, one per policy family).
 * </ul>
 *
 * <p>Per resource there is one query (its store-reading code, in one place), one route set ({@code *Routes}) and one
 * JSON shape ({@code *Object}, written and read back). Every query answers through the one
 * {@link io.fedstream.api.FanOut}: this instance reads its own partitions, other instances are asked by the one
 * {@link io.fedstream.api.PeerClient} on {@code /internal/...} routes that answer the public shape for exactly the
 * partitions given in {@code ?partitions=}. Where partitions are active comes from Kafka Streams' metadata
 * ({@link io.fedstream.api.StreamsPartitions}); while a partition is active nowhere or moving, the answer is 503 with
 * {@code Retry-After}, never a short list or a 404 it cannot be sure of.
 */
package io.fedstream.api;
