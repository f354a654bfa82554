/**
 * Stages 4 and 6, place and fail over: the sub-topology keyed by workload that chooses clusters and moves workloads
 * off failed ones.
 *
 * <ul>
 *   <li>Key: workload key, partitioned like {@code fedstream.bindings}.</li>
 *   <li>Inputs: {@code fedstream.bindings} (admitted workloads to place, placements to index; read as bytes and decoded
 *       once by {@link io.fedstream.failover.stage.BindingSignals}, so that the task stores the bytes as they came),
 *       {@code fedstream.cluster-transitions} (every cluster transition and brake change, on every partition),
 *       {@code fedstream.workload-status}, {@code fedstream.state-deltas}, {@code fedstream.migration-events},
 *       {@code reservation-answers-repartition}; the {@code policies-store} and {@code cluster-views-store} global
 *       stores.</li>
 *   <li>Outputs: {@code fedstream.capacity-reservations} (room asked of a cluster's reserving task, what one call asks
 *       of a cluster in one record: {@link io.fedstream.failover.stage.ReservationBatches}),
 *       {@code placement-decisions-repartition} (placements for the admit stage), {@code fedstream.migrations},
 *       {@code fedstream.audit}, {@code fedstream.dlq}.</li>
 *   <li>Stores: {@link io.fedstream.failover.stage.PlaceFailoverStores} (bindings, placement states, the workloads
 *       waiting for room or a re-scale, the cluster-to-workload and policy-to-workload indexes, incidents, migrations,
 *       statuses, the delta index, stale copies, application failures, refused policies), each read and written through
 *       one class of the task ({@link io.fedstream.failover.stage.WorkloadBindings},
 *       {@link io.fedstream.failover.stage.PlacementStates}, {@link io.fedstream.failover.stage.WaitingWorkloads},
 *       {@link io.fedstream.failover.stage.PolicyPlacements}, {@link io.fedstream.failover.stage.OpenIncidents},
 *       {@link io.fedstream.failover.stage.MigrationRecords}, {@link io.fedstream.failover.stage.WorkloadStatuses},
 *       {@link io.fedstream.failover.stage.DeltaIndex}, {@link io.fedstream.failover.stage.StaleCopies}, ...); in
 *       memory, rebuilt from the placement states at every start, the workloads whose placement reservation is in flight
 *       ({@link io.fedstream.failover.stage.InFlightPlacements}).</li>
 *   <li>Pure cores: {@link io.fedstream.place} (where to go), {@link io.fedstream.failover} (strategy, checkpoint and
 *       delta relay, the incident ledger).</li>
 * </ul>
 *
 * <p>Rules: docs/placement.md, docs/failover.md.
 */
package io.fedstream.failover.stage;
