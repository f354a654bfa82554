package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.dlq.DeadLetterDeserializationHandler;
import io.fedstream.dlq.DeadLetterProcessingHandler;
import io.fedstream.interpret.Interpreter;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;

/** The application's composition root: configuration in; registry, serdes, topics, interpreter and topology out. */
public final class Fedstream {

  private final FedstreamConfig config;
  private final SchemaRegistry registry;
  private final Topics topics;
  private final Interpreter interpreter;

  /** Package-private seam: tests pass their own registry. */
  Fedstream(FedstreamConfig config, SchemaRegistry registry, Interpreter interpreter) {
    this.config = config;
    this.registry = registry;
    this.interpreter = interpreter;
    this.topics = Topics.of(config.topicNames(), AvroSerdes.from(registry, config));
  }

  /** Connects to the configured registry (failing fast when it is unreachable), or uses an in-process one. */
  public static Fedstream create(FedstreamConfig config) {
    return new Fedstream(config, registryFor(config), Interpreter.builtIn());
  }

  /** Uses the given registry, e.g. the in-process one shared with the demo's producers. */
  public static Fedstream create(FedstreamConfig config, SchemaRegistry registry) {
    return new Fedstream(config, registry, Interpreter.builtIn());
  }

  private static SchemaRegistry registryFor(FedstreamConfig config) {
    if (config.schemaRegistryUrl().isEmpty()) {
      return new InProcessSchemaRegistry();
    }
    ConfluentRegistryClient client = ConfluentRegistryClient.from(config);
    client.checkReachable();
    return client;
  }

  public FedstreamConfig config() {
    return config;
  }

  public SchemaRegistry registry() {
    return registry;
  }

  public Topics topics() {
    return topics;
  }

  public Interpreter interpreter() {
    return interpreter;
  }

  public Topology topology() {
    return new FedstreamTopology(topics, interpreter).build();
  }

  /** Kafka Streams configuration: the configured one plus the dead-letter error handlers. */
  public Properties streamsProperties() {
    Properties properties = config.streamsProperties();
    properties.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterDeserializationHandler.class.getName());
    properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterProcessingHandler.class.getName());
    properties.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, topics.deadLetters().name());
    return properties;
  }
}
