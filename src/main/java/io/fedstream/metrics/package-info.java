/**
 * What fedstream tells Prometheus: {@link io.fedstream.metrics.FedstreamMetrics} records the stages' decisions and
 * serves the registry's scrape; {@link io.fedstream.metrics.StoreCensus} counts clusters in this
 * instance's cluster-watch store at scrape time; {@link io.fedstream.metrics.MigrationGauges} counts the migration
 * commands that the namespace tasks tally as they write the workloads' records; {@link io.fedstream.metrics.DeadLetterCounter} counts dead letters as the
 * streams' producer sends them. Meter names and tags: {@code docs/metrics.md}.
 */
package io.fedstream.metrics;
