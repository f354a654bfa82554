package io.fedstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.decide.Workloads;
import io.fedstream.health.stage.WatchClustersStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.errors.TopologyException;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.junit.jupiter.api.Test;

/** The whole topology: every node, store and internal topic is named, and the naming rule is enforced. */
class FedstreamTopologyTest {

    @Test
    void everyNodeAndStoreHasAnExplicitName() {
        TopologyDescription description = TestFedstream.create().topology().describe();

        List<String> names = new ArrayList<>();
        for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
            for (TopologyDescription.Node node : subtopology.nodes()) {
                names.add(node.name());
                if (node instanceof TopologyDescription.Processor processor) {
                    names.addAll(processor.stores());
                }
            }
        }
        assertThat(names)
                .contains("workloads-source", "namespace-pass", Workloads.STORE, "bindings-sink", "dead-letters-sink")
                .contains("cluster-health-source", "watch-clusters", WatchClustersStage.STORE, "cluster-state-sink", "health-audit-sink",
                        "health-dead-letters-sink")
                .noneMatch(name -> name.matches(".*KSTREAM-.*|.*KTABLE-.*|.*-\\d{10}.*"));
    }

    @Test
    void namingRuleRejectsAGeneratedInternalName() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "naming-check");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
        builder.stream("in", Consumed.with(Serdes.String(), Serdes.String()))
                .groupBy((k, v) -> v, Grouped.with(Serdes.String(), Serdes.String()))
                .count();

        assertThatThrownBy(builder::build).isInstanceOf(TopologyException.class);
    }
}
