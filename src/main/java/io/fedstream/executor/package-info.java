/**
 * The migration executor ({@code fedstream executor}): carries out fedstream's migration commands on one member cluster
 * with fabric8, and on Kafka consumer groups with the Admin client.
 *
 * <p>Input: {@code fedstream.migrations} (MigrationCommand, keyed by workload key), read_committed, in the consumer
 * group {@code fedstream-executor-<cluster>}; the workloads' manifests from {@code fedstream.workloads} (read whole,
 * no group). Output: {@code fedstream.migration-events} (MigrationEvent, keyed by workload key), written by a
 * transactional producer ({@code fedstream-executor-<cluster>}) that commits the command's offset in the same
 * transaction as the final report, so a command is reported done exactly once. No stores: what was applied is marked
 * on the object itself ({@link io.fedstream.executor.ObjectMarks}).
 */
package io.fedstream.executor;
