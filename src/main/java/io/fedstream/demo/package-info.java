/**
 * The scenes of {@code fedstream demo}, played against a running fedstream on the embedded broker: the sample fleet
 * ({@link io.fedstream.demo.DemoFleet}), simulated member clusters that heart-beat and can be silenced
 * ({@link io.fedstream.demo.DemoClusters}), the quota scene ({@link io.fedstream.demo.QuotaScene}) and the failover
 * scene ({@link io.fedstream.demo.FailoverScene}), and the two Kafka clients they act through: what a person publishes
 * and reads back ({@link io.fedstream.demo.FleetClient}), and what the clusters and the executor say
 * ({@link io.fedstream.demo.FailoverClient}). The scenes' manifests are resources under {@code demo/}.
 *
 * <p>Nothing in the engine depends on this package; the command that starts it all is {@code io.fedstream.cli.DemoCommand}.
 */
package io.fedstream.demo;
