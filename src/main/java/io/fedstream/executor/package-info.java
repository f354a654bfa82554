/**
 * The executor ({@code fedstream executor}), one per member cluster: propagates every binding to its cluster and carries
 * out fedstream's migration commands there, with fabric8 (and on Kafka consumer groups with the Admin client).
 *
 * <p>Propagation ({@link io.fedstream.executor.Propagation}): inputs {@code fedstream.bindings},
 * {@code fedstream.workloads}, {@code fedstream.policies} (the propagation policies' settings and the interpreter
 * customizations) and {@code fedstream.work-status} (what the cluster's agent sees of the copies), each read whole from
 * the beginning at every start, without a consumer group ({@link io.fedstream.executor.PropagationFeed}); what each
 * cluster gets is computed by the pure {@link io.fedstream.propagate} package. Output: {@code fedstream.work-status}
 * (WorkStatusEvent, keyed by workload key, partitioned by namespace), one record per change of a copy's state, with an
 * idempotent producer. No stores: what was applied is marked on the object itself
 * ({@link io.fedstream.propagate.PropagationMarks}), and what was last reported, with the copy's version when last seen,
 * is read back from {@code fedstream.work-status} at start.
 *
 * <p>Migrations: input {@code fedstream.migrations} (MigrationCommand, keyed by workload key), read_committed, in the
 * consumer group {@code fedstream-executor-<cluster>}. Output: {@code fedstream.migration-events} (MigrationEvent, keyed
 * by workload key), written by a transactional producer ({@code fedstream-executor-<cluster>}) that commits the command's
 * offset in the same transaction as the final report, so a command is reported done exactly once; the command id on the
 * object ({@link io.fedstream.executor.ObjectMarks}) makes a redelivered command apply nothing twice.
 */
package io.fedstream.executor;
