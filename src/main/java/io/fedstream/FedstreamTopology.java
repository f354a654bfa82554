package io.fedstream;

import io.fedstream.bind.BindStage;
import io.fedstream.config.Topics;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.policy.PolicyMirror;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;

/** The composition root of the topology: wires every stage of DESIGN.md, by constructor, into one Topology. */
public final class FedstreamTopology {

    private final Topics topics;
    private final InterpreterExtensions interpreterExtensions;

    public FedstreamTopology(Topics topics, InterpreterExtensions interpreterExtensions) {
        this.topics = topics;
        this.interpreterExtensions = interpreterExtensions;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
        PolicyMirror policies = new PolicyMirror();
        policies.addTo(builder, topics.policies());
        new BindStage(topics, interpreterExtensions, policies).addTo(builder);
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
