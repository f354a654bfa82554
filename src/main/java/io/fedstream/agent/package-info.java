/**
 * The member-cluster agent ({@code fedstream agent}): fabric8 informers on one cluster publish what runs there.
 *
 * <p>Outputs, all through the project's Avro serdes (Confluent wire format) with an idempotent producer:
 * {@code fedstream.workloads} (WorkloadEvent UPSERT/DELETE, keyed {@code group/kind/namespace/name} as {@code apply}
 * keys it), {@code fedstream.cluster-health} (ClusterHealthEvent keyed by the cluster name, every heartbeat interval),
 * {@code fedstream.workload-status} (WorkloadStatusEvent keyed by workload key) and {@code fedstream.work-status}
 * (WorkStatusEvent with the observation of each copy fedstream propagated there, keyed by workload key and partitioned by
 * namespace: {@link io.fedstream.agent.PropagatedCopies}). Inputs: the cluster's API server, the interpreter
 * customizations of {@code fedstream.policies} (read whole without a consumer group, for the copies' health:
 * {@link io.fedstream.agent.CustomizationWatch}) and, for labelled Kafka consumers, the consumer groups' committed
 * offsets. No Kafka Streams, no stores: what it last
 * published per key is kept in memory only to publish changes, not repeats.
 */
package io.fedstream.agent;
