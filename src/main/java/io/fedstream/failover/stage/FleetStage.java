package io.fedstream.failover.stage;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.config.Topics;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.policy.PolicyMirror;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * Stages 4 and 6 of DESIGN.md, partitioned by workload key: bindings, workload status, state deltas, migration events,
 * cluster transitions (multicast to every partition) and reservation answers go into one processor; reservation
 * requests (to the clusters' reserving tasks), placements (to the admit stage), migration commands, audit events and
 * dead letters come out.
 */
public final class FleetStage {

    /** Answers of the reserving tasks, back to the workload's partition. */
    public static final String ANSWERS_TOPIC = "reservation-answers";

    private final Topics topics;
    private final FleetSettings settings;
    private final Serde<ReservationAnswer> answerSerde;
    private final Serde<MigrationRecord> recordSerde;
    private final PolicyMirror policies;
    private final FedstreamMetrics metrics;

    public FleetStage(Topics topics, FleetSettings settings, Serde<ReservationAnswer> answerSerde, Serde<MigrationRecord> recordSerde,
                      PolicyMirror policies, FedstreamMetrics metrics) {
        this.metrics = metrics;
        this.topics = topics;
        this.settings = settings;
        this.answerSerde = answerSerde;
        this.recordSerde = recordSerde;
        this.policies = policies;
    }

    /** Adds the stage; returns the placements for the admit stage, keyed by namespace. */
    public KStream<String, AdmissionRequest> addTo(StreamsBuilder builder, KStream<String, ReservationAnswer> answers) {
        FleetStores.addTo(builder, topics.bindings().valueSerde(), topics.workloadStatus().valueSerde(),
                topics.clusterState().valueSerde(), recordSerde);
        KStream<String, FleetSignal> bindings = builder
                .stream(topics.bindings().name(), topics.bindings().consumedAs("fleet-bindings-source"))
                .mapValues(FleetSignal.BindingChanged::new, Named.as("fleet-binding-signal"));
        KStream<String, FleetSignal> statuses = builder
                .stream(topics.workloadStatus().name(), topics.workloadStatus().consumedAs("workload-status-source"))
                .mapValues(FleetSignal.StatusReported::new, Named.as("fleet-status-signal"));
        KStream<String, FleetSignal> deltas = builder
                .stream(topics.stateDeltas().name(), topics.stateDeltas().consumedAs("state-deltas-source"))
                .mapValues(payload -> new FleetSignal.DeltaWritten(payload == null ? 0 : payload.length), Named.as("fleet-delta-signal"));
        KStream<String, FleetSignal> events = builder
                .stream(topics.migrationEvents().name(), topics.migrationEvents().consumedAs("migration-events-source"))
                .filter((key, event) -> event != null, Named.as("migration-events-present"))
                .mapValues(FleetSignal.MigrationReported::new, Named.as("fleet-migration-signal"));
        // The health client copies every transition to every partition of this topic.
        KStream<String, FleetSignal> incidents = builder
                .stream(topics.clusterTransitions().name(), topics.clusterTransitions().consumedAs("cluster-transitions-source"))
                .mapValues(FleetSignal.ClusterChanged::new, Named.as("fleet-cluster-signal"));
        KStream<String, FleetSignal> answered = answers
                .repartition(Repartitioned.with(Serdes.String(), answerSerde)
                        .withName(ANSWERS_TOPIC)
                        .withNumberOfPartitions(settings.partitions()))
                .mapValues(FleetSignal.ReservationAnswered::new, Named.as("fleet-answer-signal"));

        KStream<String, FleetOutcome> outcomes = bindings
                .merge(statuses, Named.as("fleet-merge-status"))
                .merge(deltas, Named.as("fleet-merge-deltas"))
                .merge(events, Named.as("fleet-merge-migration-events"))
                .merge(incidents, Named.as("fleet-merge-incidents"))
                .merge(answered, Named.as("fleet-merge-answers"))
                .process(() -> new FleetProcessor(settings, topics, policies::changes, metrics),
                        Named.as("place-and-fail-over"), FleetStores.all());

        Map<String, KStream<String, FleetOutcome>> routes = outcomes.split(Named.as("fleet-route-"))
                .branch((key, outcome) -> outcome instanceof FleetOutcome.Place, Branched.as("placements"))
                .branch((key, outcome) -> outcome instanceof FleetOutcome.Reserve, Branched.withConsumer(
                        reserve -> reserve
                                .mapValues(outcome -> ((FleetOutcome.Reserve) outcome).request(), Named.as("fleet-reservation-value"))
                                .to(topics.capacityReservations().name(), topics.capacityReservations().producedAs("capacity-reservations-sink")),
                        "reservations"))
                .branch((key, outcome) -> outcome instanceof FleetOutcome.Command, Branched.withConsumer(
                        commands -> commands
                                .mapValues(outcome -> ((FleetOutcome.Command) outcome).command(), Named.as("fleet-command-value"))
                                .to(topics.migrations().name(), topics.migrations().producedAs("migrations-sink")),
                        "commands"))
                .branch((key, outcome) -> outcome instanceof FleetOutcome.Audit, Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((FleetOutcome.Audit) outcome).event(), Named.as("fleet-audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("fleet-audit-sink")),
                        "audit"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((FleetOutcome.DeadLettered) outcome).originalValue(), Named.as("fleet-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("fleet-dead-letters-sink")),
                        "dead-letters"));
        return routes.get("fleet-route-placements")
                .mapValues(outcome -> ((FleetOutcome.Place) outcome).request(), Named.as("fleet-placement-value"));
    }
}
