package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.config.Topics;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.decide.ClusterViewChanges;
import io.fedstream.decide.PolicyMirror;
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
public final class PlaceFailoverStage {

    /** Answers of the reserving tasks, back to the workload's partition. */
    public static final String ANSWERS_TOPIC = "reservation-answers";

    private final Topics topics;
    private final PlaceFailoverSettings settings;
    private final Serde<ReservationAnswer> answerSerde;
    private final PlaceFailoverStores.ValueSerdes storeSerdes;
    private final PolicyMirror policies;
    private final ClusterViewChanges viewChanges;
    private final FedstreamMetrics metrics;

    public PlaceFailoverStage(Topics topics, PlaceFailoverSettings settings, Serde<ReservationAnswer> answerSerde,
                      PlaceFailoverStores.ValueSerdes storeSerdes, PolicyMirror policies, ClusterViewChanges viewChanges, FedstreamMetrics metrics) {
        this.viewChanges = viewChanges;
        this.metrics = metrics;
        this.topics = topics;
        this.settings = settings;
        this.answerSerde = answerSerde;
        this.storeSerdes = storeSerdes;
        this.policies = policies;
    }

    /** Adds the stage; returns the placements for the admit stage, keyed by namespace. */
    public KStream<String, AdmissionRequest> addTo(StreamsBuilder builder, KStream<String, ReservationAnswer> answers) {
        PlaceFailoverStores.addTo(builder, topics.workloadStatus().valueSerde(), topics.clusterState().valueSerde(), storeSerdes);
        // Read as bytes and decoded once by the signal step: the task stores the bytes, not a second encoding of them.
        KStream<String, PlaceFailoverSignal> bindings = builder
                .stream(topics.bindings().name(), topics.bindings().consumedAsBytes("place-failover-bindings-source"))
                .processValues(() -> new BindingSignals(topics.bindings()), Named.as("place-failover-binding-signal"));
        KStream<String, PlaceFailoverSignal> statuses = builder
                .stream(topics.workloadStatus().name(), topics.workloadStatus().consumedAs("workload-status-source"))
                .mapValues(PlaceFailoverSignal.StatusReported::new, Named.as("place-failover-status-signal"));
        KStream<String, PlaceFailoverSignal> deltas = builder
                .stream(topics.stateDeltas().name(), topics.stateDeltas().consumedAs("state-deltas-source"))
                .mapValues(payload -> new PlaceFailoverSignal.DeltaWritten(payload == null ? 0 : payload.length), Named.as("place-failover-delta-signal"));
        KStream<String, PlaceFailoverSignal> events = builder
                .stream(topics.migrationEvents().name(), topics.migrationEvents().consumedAs("migration-events-source"))
                .filter((key, event) -> event != null, Named.as("migration-events-present"))
                .mapValues(PlaceFailoverSignal.MigrationReported::new, Named.as("place-failover-migration-signal"));
        // The health client copies every transition to every partition of this topic.
        KStream<String, PlaceFailoverSignal> incidents = builder
                .stream(topics.clusterTransitions().name(), topics.clusterTransitions().consumedAs("cluster-transitions-source"))
                .mapValues(PlaceFailoverSignal.ClusterChanged::new, Named.as("place-failover-cluster-signal"));
        KStream<String, PlaceFailoverSignal> answered = answers
                .repartition(Repartitioned.with(Serdes.String(), answerSerde)
                        .withName(ANSWERS_TOPIC)
                        .withNumberOfPartitions(settings.partitions()))
                .mapValues(PlaceFailoverSignal.ReservationAnswered::new, Named.as("place-failover-answer-signal"));

        KStream<String, PlaceFailoverOutcome> outcomes = bindings
                .merge(statuses, Named.as("place-failover-merge-status"))
                .merge(deltas, Named.as("place-failover-merge-deltas"))
                .merge(events, Named.as("place-failover-merge-migration-events"))
                .merge(incidents, Named.as("place-failover-merge-incidents"))
                .merge(answered, Named.as("place-failover-merge-answers"))
                .process(() -> new PlaceFailoverProcessor(settings, topics, policies::changes, viewChanges, metrics),
                        Named.as("place-and-fail-over"), PlaceFailoverStores.all());

        Map<String, KStream<String, PlaceFailoverOutcome>> routes = outcomes.split(Named.as("place-failover-route-"))
                .branch((key, outcome) -> outcome instanceof PlaceFailoverOutcome.Place, Branched.as("placements"))
                .branch((key, outcome) -> outcome instanceof PlaceFailoverOutcome.Reserve, Branched.withConsumer(
                        reserve -> reserve
                                .mapValues(outcome -> ((PlaceFailoverOutcome.Reserve) outcome).request(), Named.as("place-failover-reservation-value"))
                                .to(topics.capacityReservations().name(), topics.capacityReservations().producedAs("capacity-reservations-sink")),
                        "reservations"))
                .branch((key, outcome) -> outcome instanceof PlaceFailoverOutcome.Command, Branched.withConsumer(
                        commands -> commands
                                .mapValues(outcome -> ((PlaceFailoverOutcome.Command) outcome).command(), Named.as("place-failover-command-value"))
                                .to(topics.migrations().name(), topics.migrations().producedAs("migrations-sink")),
                        "commands"))
                .branch((key, outcome) -> outcome instanceof PlaceFailoverOutcome.Audit, Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((PlaceFailoverOutcome.Audit) outcome).event(), Named.as("place-failover-audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("place-failover-audit-sink")),
                        "audit"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((PlaceFailoverOutcome.DeadLettered) outcome).originalValue(), Named.as("place-failover-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("place-failover-dead-letters-sink")),
                        "dead-letters"));
        return routes.get("place-failover-route-placements")
                .mapValues(outcome -> ((PlaceFailoverOutcome.Place) outcome).request(), Named.as("place-failover-placement-value"));
    }
}
