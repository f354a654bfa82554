/**
 * Right-sizing: the sub-topology that keeps each workload's usage history per pod template and writes what each
 * template should request (the VPA recommender's algorithm, {@link io.fedstream.recommend}).
 *
 * <ul>
 *   <li>Key: workload key {@code group/kind/namespace/name}, partitioned by namespace
 *       ({@link io.fedstream.config.NamespacePartitioner}), so that one task holds every workload of its namespaces and
 *       the query API can total a namespace from one partition.</li>
 *   <li>Inputs: {@code fedstream.workload-usage} (WorkloadUsage from the agents, read as bytes and checked: a record that
 *       does not decode or names a bad field is dead-lettered); {@code fedstream.bindings} as the namespace pass
 *       writes it, partitioned by namespace as the usage is (what each template requests; nothing is written for a
 *       workload bound before any usage: the query API derives its {@code NO_USAGE} rows from the namespace pass's
 *       workloads store); {@code fedstream.quota-status}, which the namespace pass writes on its namespace's partition, as a table (each
 *       quota's hard limits, for the query API's namespace forecast; the topic is the table's changelog).</li>
 *   <li>Outputs: {@code fedstream.recommendations} (WorkloadRecommendation per workload, a tombstone when its binding
 *       is removed), {@code fedstream.dlq}.</li>
 *   <li>Stores: {@link io.fedstream.recommend.stage.RightsizeStores}: {@code rightsize-usage-histories-store},
 *       {@code rightsize-recommendations-store}, {@code rightsize-quotas-store}.</li>
 * </ul>
 *
 * <p>Rules: docs/recommendations.md.
 */
package io.fedstream.recommend.stage;
