package io.fedstream.bind;

import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Interpreter;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/** Stage 1 and 2 of DESIGN.md: workload events are interpreted into the RocksDB bindings table and the bindings topic. */
public final class BindStage {

  /** The bindings table: workload key to its current ResourceBinding. */
  public static final String BINDINGS_STORE = "bindings-store";

  private final Topics topics;
  private final Interpreter interpreter;

  public BindStage(Topics topics, Interpreter interpreter) {
    this.topics = topics;
    this.interpreter = interpreter;
  }

  /** Adds the stage's sub-topology to the builder. */
  public void addTo(StreamsBuilder builder) {
    builder.addStateStore(Stores.keyValueStoreBuilder(
        Stores.persistentKeyValueStore(BINDINGS_STORE), Serdes.String(), topics.bindings().valueSerde()));

    KStream<String, WorkloadEvent> events =
        builder.stream(topics.workloads().name(), topics.workloads().consumedAs("workloads-source"));
    KStream<String, BindOutcome> outcomes = events.process(
        () -> new BindingProcessor(interpreter, topics.workloads().valueSerde().serializer()),
        Named.as("interpret-and-bind"),
        BINDINGS_STORE);

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
