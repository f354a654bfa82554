/**
 * The copies of every workload on the member clusters: the sub-topology that materializes {@code fedstream.work-status}
 * for the query API.
 *
 * <ul>
 *   <li>Key: workload key, partitioned by namespace ({@code NamespacePartitioner}), as the executors and agents write
 *       it.</li>
 *   <li>Input: {@code fedstream.work-status} (WorkStatusEvent: the executor's dispatch of a copy, or the agent's
 *       observation of it).</li>
 *   <li>Outputs: none; the store is read by the query API ({@link io.fedstream.workstatus.WorkStatusStage#copiesOf}),
 *       and the binding's conditions are computed from it on read ({@link io.fedstream.propagate.BindingStatus}).</li>
 *   <li>Store: {@code work-status-store}, {@code workload key NUL cluster} to the merged WorkStatusEvent of that copy
 *       ({@link io.fedstream.workstatus.WorkCopies}); an entry is deleted when the executor reports the copy REMOVED.</li>
 * </ul>
 *
 * <p>Rules: docs/propagation.md.
 */
package io.fedstream.workstatus;
