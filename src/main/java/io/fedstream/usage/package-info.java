/**
 * The agent's usage reader ({@code fedstream agent --usage-interval}): reads pod usage from one member cluster's
 * metrics API ({@code metrics.k8s.io} PodMetrics, with fabric8), puts every pod under its workload and template, and
 * publishes one {@code WorkloadUsage} per workload per interval on {@code fedstream.workload-usage}, keyed by workload
 * key and partitioned by namespace. No Kafka Streams, no stores; the right-sizing that reads it is
 * {@link io.fedstream.recommend.stage}.
 */
package io.fedstream.usage;
