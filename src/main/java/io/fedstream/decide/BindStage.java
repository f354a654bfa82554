package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.Topics;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.decide.PolicyMirror;
import io.fedstream.decide.SelectableClusterChanges;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * Stages 1 and 2 of DESIGN.md: workload events are interpreted into bindings, and each new binding or removal becomes an
 * admission request keyed by the workload key's namespace (the admit stage keeps the bindings table); customizations
 * on the policies topic apply to the events that follow them.
 */
public final class BindStage {

    /** Workload key to its latest interpreted manifest, for recomputing its overrides ({@link OverrideFollower}). */
    static final String MANIFESTS = "bind-manifests-store";

    private final Topics topics;
    private final InterpreterExtensions fromFiles;
    private final PolicyMirror policies;
    private final FedstreamMetrics metrics;
    private final SelectableClusterChanges clusterChanges;

    /**
     * The stage interprets with the built-in kinds, {@code fromFiles}, and the policies' customizations; when override
     * policies or what their rules can select of the clusters ({@code clusterChanges}) change, it recomputes the
     * overrides they concern.
     */
    public BindStage(Topics topics, InterpreterExtensions fromFiles, PolicyMirror policies, FedstreamMetrics metrics,
                     SelectableClusterChanges clusterChanges) {
        this.metrics = metrics;
        this.clusterChanges = clusterChanges;
        this.topics = topics;
        this.fromFiles = fromFiles;
        this.policies = policies;
    }

    /** The workload events the stage reads. */
    public KStream<String, WorkloadEvent> source(StreamsBuilder builder) {
        return builder.stream(topics.workloads().name(), topics.workloads().consumedAs("workloads-source"));
    }

    /** Adds the stage to the builder; returns the admission requests, keyed by namespace. */
    public KStream<String, AdmissionRequest> addTo(StreamsBuilder builder, KStream<String, WorkloadEvent> events) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(MANIFESTS), Serdes.String(), Serdes.String()));
        KStream<String, BindOutcome> outcomes = events.process(
                () -> new BindingProcessor(fromFiles, policies::changes, topics.workloads().valueSerde().serializer(), metrics,
                        clusterChanges::count),
                Named.as("interpret-and-bind"), MANIFESTS);

        Map<String, KStream<String, BindOutcome>> routes = outcomes.split(Named.as("bind-route"))
                .branch(
                        (key, outcome) -> outcome instanceof BindOutcome.DeadLettered,
                        Branched.withConsumer(
                                deadLetters -> deadLetters
                                        .mapValues(outcome -> ((BindOutcome.DeadLettered) outcome).originalValue(), Named.as("bind-dead-letter-bytes"))
                                        .to(topics.deadLetters().name(), topics.deadLetters().producedAs("bind-dead-letters-sink")),
                                "-to-dead-letters"))
                .defaultBranch(Branched.as("-to-admission"));
        return routes.get("bind-route-to-admission")
                .mapValues(outcome -> ((BindOutcome.Request) outcome).request(), Named.as("bind-admission-request"));
    }
}
