package io.fedstream;

import io.fedstream.bind.BindStage;
import io.fedstream.config.Topics;
import io.fedstream.interpret.Interpreter;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;

/** The composition root of the topology: wires every stage of DESIGN.md, by constructor, into one Topology. */
public final class FedstreamTopology {

  private final Topics topics;
  private final Interpreter interpreter;

  public FedstreamTopology(Topics topics, Interpreter interpreter) {
    this.topics = topics;
    this.interpreter = interpreter;
  }

  /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
  public Topology build() {
    StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
    new BindStage(topics, interpreter).addTo(builder);
    return builder.build();
  }

  private static Properties namingRules() {
    Properties properties = new Properties();
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "fedstream-topology");
    properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
    return properties;
  }
}
