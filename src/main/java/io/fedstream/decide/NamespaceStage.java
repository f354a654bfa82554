package io.fedstream.decide;

import io.fedstream.config.NamespacePartitioner;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.StoredLease;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.config.Topics;
import io.fedstream.lease.LeaseSettings;
import io.fedstream.lease.stage.AllocatorStage;
import org.apache.kafka.common.serialization.Serde;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.runtime.BeforeCommit;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * The namespace pass in the topology: the workload topics and the cluster transitions (on every partition) go into one
 * processor per partition ({@link NamespacePass}); bindings, quota statuses, migration commands, audit events and dead
 * letters come out.
 */
public final class NamespaceStage {

    /** The internal topic that brings each policy to the partitions that need it ({@link PolicySource.Partitioner}). */
    public static final String POLICIES_TOPIC = "policy-changes";
    private static final String WORKLOADS = "workloads";
    private static final String STATUSES = "workload-status";
    private static final String MIGRATION_EVENTS = "migration-events";
    /** The repartition topics that take a record written to another partition than its namespace's there ({@link NamespaceRouting}). */
    public static final String MISROUTED_WORKLOADS = NamespaceRouting.misrouted(WORKLOADS);
    public static final String MISROUTED_STATUSES = NamespaceRouting.misrouted(STATUSES);
    public static final String MISROUTED_MIGRATION_EVENTS = NamespaceRouting.misrouted(MIGRATION_EVENTS);

    final Topics topics;
    final InterpreterExtensions fromFiles;
    final PlaceFailoverSettings settings;
    final AdmitSettings admission;
    private final PlaceFailoverStores.ValueSerdes storeSerdes;
    final LeaseSettings leases;
    private final LeaseSerdes leaseSerdes;
    final FedstreamMetrics metrics;
    final PoliciesAtStart policiesAtStart;

    /** The serdes of the leases' own stores: a namespace task's leases, an allocator's books. */
    public record LeaseSerdes(Serde<StoredLease> leases, Serde<StoredLeaseBook> leaseBooks) {
    }

    public NamespaceStage(Topics topics, InterpreterExtensions fromFiles, PlaceFailoverSettings settings, AdmitSettings admission,
                          LeaseSettings leases, PlaceFailoverStores.ValueSerdes storeSerdes, LeaseSerdes leaseSerdes,
                          PoliciesAtStart policiesAtStart, FedstreamMetrics metrics) {
        this.topics = topics;
        this.fromFiles = fromFiles;
        this.settings = settings;
        this.admission = admission;
        this.storeSerdes = storeSerdes;
        this.leases = leases;
        this.leaseSerdes = leaseSerdes;
        this.metrics = metrics;
        this.policiesAtStart = policiesAtStart;
    }

    /** Adds the stage to the builder. */
    public void addTo(StreamsBuilder builder) {
        PassState.addTo(builder);
        AdmitStores.addTo(builder);
        PlaceFailoverStores.addTo(builder, topics.workloadStatus().valueSerde());
        Workloads.addTo(builder, storeSerdes.workloads());
        builder.addStateStore(BeforeCommit.builder(NamespacePass.BEFORE_COMMIT));
        PassState.Codecs stateCodecs = new PassState.Codecs(topics.policies().valueSerde(), topics.clusterState().valueSerde(),
                storeSerdes.applicationFailures(), leaseSerdes.leases());

        // Producers partition the workload topics by namespace; a record that came in elsewhere is sent there first.
        int partitions = settings.partitions();
        KStream<String, PassSignal> workloads = NamespaceRouting.onNamespacePartition(
                        builder.stream(topics.workloads().name(), topics.workloads().consumedAs("workloads-source")),
                        topics.workloads(), WORKLOADS, partitions, metrics)
                .mapValues(PassSignal.WorkloadChanged::new, Named.as("workload-signal"));
        KStream<String, PassSignal> statuses = NamespaceRouting.onNamespacePartition(
                        builder.stream(topics.workloadStatus().name(), topics.workloadStatus().consumedAs("workload-status-source")),
                        topics.workloadStatus(), STATUSES, partitions, metrics)
                .mapValues(PassSignal.StatusReported::new, Named.as("status-signal"));
        KStream<String, PassSignal> deltas = NamespaceRouting.deltasOnNamespacePartition(
                builder.stream(topics.stateDeltas().name(), topics.stateDeltas().consumedAs("state-deltas-source")),
                topics.stateDeltas(), partitions, metrics);
        KStream<String, PassSignal> events = NamespaceRouting.onNamespacePartition(
                        builder.stream(topics.migrationEvents().name(), topics.migrationEvents().consumedAs("migration-events-source")),
                        topics.migrationEvents(), MIGRATION_EVENTS, partitions, metrics)
                .filter((key, event) -> event != null, Named.as("migration-events-present"))
                .mapValues(PassSignal.MigrationReported::new, Named.as("migration-signal"));
        // The health client copies every transition to every partition of this topic.
        KStream<String, PassSignal> transitions = builder
                .stream(topics.clusterTransitions().name(), topics.clusterTransitions().consumedFirstAs("cluster-transitions-source"))
                .mapValues(PassSignal.ClusterChanged::new, Named.as("cluster-signal"));
        // The health client writes every cluster's view to every partition of this topic: each namespace task keeps all of
        // them (in the topic's own table), each cluster's allocator its own.
        KStream<String, ClusterWatch> clusterViews = TaskClusterViews.addTo(builder, topics.clusterViews());
        new AllocatorStage(topics, leases, leaseSerdes.leaseBooks()).addTo(builder, clusterViews);
        KStream<String, PassSignal> views = clusterViews.mapValues(PassSignal.ClusterViewChanged::new, Named.as("cluster-view-signal"));
        KStream<String, PassSignal> grants = builder
                .stream(topics.leaseGrants().name(), topics.leaseGrants().consumedFirstAs("lease-grants-source"))
                .mapValues(PassSignal.LeaseGranted::new, Named.as("lease-grant-signal"));
        // Quotas to their namespace's partition, every other policy to every partition; each says where it came from, so
        // that a task that seeded itself from the policies published before the start skips what it has.
        KStream<String, PassSignal> policies = builder
                .stream(topics.policies().name(), topics.policies().consumedAs("policies-source"))
                .processValues(PolicySource.Stamp::new, Named.as("policy-source-header"))
                .repartition(Repartitioned.with(Serdes.String(), topics.policies().valueSerde()).withName(POLICIES_TOPIC)
                        .withStreamPartitioner(new PolicySource.Partitioner())
                        .withNumberOfPartitions(settings.partitions()))
                .mapValues(PassSignal.PolicyChanged::new, Named.as("policy-signal"));

        String[] stores = {PassState.STORE, AdmitStores.USAGE, AdmitStores.AGGREGATES, PlaceFailoverStores.STATUS,
            PlaceFailoverStores.DELTAS, Workloads.STORE, TaskClusterViews.STORE, NamespacePass.BEFORE_COMMIT};
        KStream<String, PassOutcome> outcomes = workloads
                .merge(statuses, Named.as("merge-status"))
                .merge(deltas, Named.as("merge-deltas"))
                .merge(events, Named.as("merge-migration-events"))
                .merge(transitions, Named.as("merge-transitions"))
                .merge(views, Named.as("merge-cluster-views"))
                .merge(policies, Named.as("merge-policies"))
                .merge(grants, Named.as("merge-lease-grants"))
                .process(() -> new NamespacePass(this, stateCodecs), Named.as(NamespacePass.NAME),
                        stores);

        NamespacePartitioner byNamespace = new NamespacePartitioner();
        outcomes.split(Named.as("namespace-pass-route"))
                .branch((key, outcome) -> outcome instanceof PassOutcome.Binding, Branched.withConsumer(
                        bindings -> bindings
                                .mapValues(outcome -> ((PassOutcome.Binding) outcome).binding(), Named.as("binding-value"))
                                .to(topics.bindings().name(), topics.bindings().producedAs("bindings-sink").withStreamPartitioner(byNamespace)),
                        "-to-bindings"))
                .branch((key, outcome) -> outcome instanceof PassOutcome.Status, Branched.withConsumer(
                        statuses2 -> statuses2
                                .mapValues(outcome -> ((PassOutcome.Status) outcome).status(), Named.as("quota-status-value"))
                                .to(topics.quotaStatus().name(), topics.quotaStatus().producedAs("quota-status-sink")
                                        .withStreamPartitioner(NamespacePartitioner::byNamespaceOfName)),
                        "-to-quota-status"))
                .branch((key, outcome) -> outcome instanceof PassOutcome.Command, Branched.withConsumer(
                        commands -> commands
                                .mapValues(outcome -> ((PassOutcome.Command) outcome).command(), Named.as("command-value"))
                                .to(topics.migrations().name(), topics.migrations().producedAs("migrations-sink").withStreamPartitioner(byNamespace)),
                        "-to-migrations"))
                .branch((key, outcome) -> outcome instanceof PassOutcome.LeaseAsked, Branched.withConsumer(
                        asked -> asked
                                .mapValues(outcome -> ((PassOutcome.LeaseAsked) outcome).request(), Named.as("lease-request-value"))
                                .to(topics.leaseRequests().name(), topics.leaseRequests().producedAs("lease-requests-sink")),
                        "-to-lease-requests"))
                .branch((key, outcome) -> outcome instanceof PassOutcome.Audit, Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((PassOutcome.Audit) outcome).event(), Named.as("audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("audit-sink")),
                        "-to-audit"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((PassOutcome.DeadLettered) outcome).originalValue(), Named.as("dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("dead-letters-sink")),
                        "-to-dead-letters"));
    }
}
