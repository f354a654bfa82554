package io.fedstream.bind;

import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.Topics;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.policy.PolicyMirror;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * Stages 1 and 2 of DESIGN.md: workload events are interpreted into the RocksDB bindings table and the
 * bindings topic; customizations on the policies topic apply to the events that follow them.
 */
public final class BindStage {

    /** The bindings table: workload key to its current ResourceBinding. */
    public static final String BINDINGS_STORE = "bindings-store";

    /** The names index: {@code <namespace>/<binding name>/<workload key>} to the workload key (see {@link BindingNames}). */
    public static final String BINDING_NAMES_STORE = "binding-names-store";

    private final Topics topics;
    private final InterpreterExtensions fromFiles;
    private final PolicyMirror policies;

    /** The stage interprets with the built-in kinds, {@code fromFiles}, and the policies' customizations. */
    public BindStage(Topics topics, InterpreterExtensions fromFiles, PolicyMirror policies) {
        this.topics = topics;
        this.fromFiles = fromFiles;
        this.policies = policies;
    }

    /** Adds the stage's sub-topology to the builder. */
    public void addTo(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(BINDINGS_STORE), Serdes.String(), topics.bindings().valueSerde()));
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(BINDING_NAMES_STORE), Serdes.String(), Serdes.String()));

        KStream<String, WorkloadEvent> events =
                builder.stream(topics.workloads().name(), topics.workloads().consumedAs("workloads-source"));
        KStream<String, BindOutcome> outcomes = events.process(
                () -> new BindingProcessor(fromFiles, policies::changes, topics.workloads().valueSerde().serializer()),
                Named.as("interpret-and-bind"),
                BINDINGS_STORE, BINDING_NAMES_STORE);

        outcomes.split(Named.as("bind-route"))
                .branch(
                        (key, outcome) -> outcome instanceof BindOutcome.DeadLettered,
                        Branched.withConsumer(
                                deadLetters -> deadLetters
                                        .mapValues(outcome -> ((BindOutcome.DeadLettered) outcome).originalValue(), Named.as("bind-dead-letter-bytes"))
                                        .to(topics.deadLetters().name(), topics.deadLetters().producedAs("bind-dead-letters-sink")),
                                "-to-dead-letters"))
                .defaultBranch(Branched.withConsumer(
                        bound -> bound
                                .mapValues(BindOutcome::bindingOrTombstone, Named.as("bind-binding-value"))
                                .to(topics.bindings().name(), topics.bindings().producedAs("bindings-sink")),
                        "-to-bindings"));
    }
}
