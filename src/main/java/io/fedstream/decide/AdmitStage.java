package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.config.Topics;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.decide.PolicyMirror;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * Stage 3 of DESIGN.md: admission requests, repartitioned by namespace, go through the quota ledger; bindings with
 * their admission state, quota statuses, audit events and refused quotas come out.
 */
public final class AdmitStage {

    /** The internal topic that partitions admission requests by namespace. */
    public static final String REQUESTS_TOPIC = "admission-requests";
    /** The internal topic that brings the place and fail-over stages' placements to the namespace's partition. */
    public static final String PLACEMENTS_TOPIC = "placement-decisions";

    private final Topics topics;
    private final Serde<AdmissionRequest> requestSerde;
    private final PolicyMirror policies;
    private final int partitions;
    private final AdmitSettings settings;
    private final FedstreamMetrics metrics;

    /** {@code partitions}: of both internal topics, which must agree because one task reads the same namespaces from both. */
    public AdmitStage(Topics topics, Serde<AdmissionRequest> requestSerde, PolicyMirror policies, int partitions,
                      AdmitSettings settings, FedstreamMetrics metrics) {
        this.metrics = metrics;
        this.topics = topics;
        this.requestSerde = requestSerde;
        this.policies = policies;
        this.partitions = partitions;
        this.settings = settings;
    }

    /**
     * Adds the stage: {@code requests} are the bind stage's, keyed by namespace; {@code anchor} is a stream of the
     * same sub-topology on which the quota change relay runs; {@code placements} are the place and fail-over stages'.
     */
    public <V> void addTo(StreamsBuilder builder, KStream<String, V> anchor, KStream<String, AdmissionRequest> requests,
                          KStream<String, AdmissionRequest> placements) {
        AdmitStores.addTo(builder, topics.bindings().valueSerde());
        KStream<String, AdmissionRequest> quotaChanges = anchor.process(
                () -> new QuotaChangeRelay<>(policies::changes), Named.as("relay-quota-changes"));
        KStream<String, AdmitOutcome> outcomes = requests
                .merge(quotaChanges, Named.as("admission-requests-merge"))
                .repartition(Repartitioned.with(Serdes.String(), requestSerde).withName(REQUESTS_TOPIC).withNumberOfPartitions(partitions))
                .merge(placements.repartition(Repartitioned.with(Serdes.String(), requestSerde)
                        .withName(PLACEMENTS_TOPIC).withNumberOfPartitions(partitions)), Named.as("admission-placements-merge"))
                .process(() -> new AdmissionProcessor(topics.policies().name(), topics.policies().valueSerde().serializer(),
                                policies::changes, settings.statusInterval(), metrics),
                        Named.as("admit"), AdmitStores.all());

        outcomes.split(Named.as("admit-route"))
                .branch((key, outcome) -> outcome instanceof AdmitOutcome.Binding, Branched.withConsumer(
                        bindings -> bindings
                                .mapValues(outcome -> ((AdmitOutcome.Binding) outcome).binding(), Named.as("admit-binding-value"))
                                .to(topics.bindings().name(), topics.bindings().producedAs("bindings-sink")),
                        "-to-bindings"))
                .branch((key, outcome) -> outcome instanceof AdmitOutcome.Status, Branched.withConsumer(
                        statuses -> statuses
                                .mapValues(outcome -> ((AdmitOutcome.Status) outcome).status(), Named.as("admit-status-value"))
                                .to(topics.quotaStatus().name(), topics.quotaStatus().producedAs("quota-status-sink")),
                        "-to-quota-status"))
                .branch((key, outcome) -> outcome instanceof AdmitOutcome.Audit, Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((AdmitOutcome.Audit) outcome).event(), Named.as("admit-audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("admit-audit-sink")),
                        "-to-audit"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((AdmitOutcome.DeadLettered) outcome).originalValue(), Named.as("admit-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("admit-dead-letters-sink")),
                        "-to-dead-letters"));
    }
}
