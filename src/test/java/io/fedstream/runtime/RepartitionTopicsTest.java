package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.junit.jupiter.api.Test;

class RepartitionTopicsTest {

    @Test
    void everyRepartitionTopicOfBothClientsIsCreatedAsKafkaStreamsWould() {
        try (Fedstream fedstream = TestFedstream.create(Map.of("topic.partitions", "4"))) {
            Topology workloads = fedstream.workloadTopology();
            Topology health = fedstream.healthTopology();
            Properties workloadProperties = fedstream.streamsProperties();
            Properties healthProperties = fedstream.healthStreamsProperties();
            String workloadId = workloadProperties.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
            String healthId = healthProperties.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);

            Map<String, Integer> workloadTopics = partitions(RepartitionTopics.of(workloads, workloadProperties));
            Map<String, Integer> healthTopics = partitions(RepartitionTopics.of(health, healthProperties));

            assertThat(workloadTopics).isEqualTo(Map.of(
                    workloadId + "-workloads-misrouted-repartition", 4,
                    workloadId + "-workload-status-misrouted-repartition", 4,
                    workloadId + "-migration-events-misrouted-repartition", 4,
                    workloadId + "-policy-changes-repartition", 4));
            assertThat(healthTopics).isEqualTo(Map.of(healthId + "-cluster-heartbeats-repartition", 1));
            // Every repartition topic the topologies read, whatever a stage adds later.
            assertThat(workloadTopics.keySet()).isEqualTo(repartitionSources(workloads.describe(), workloadId));
            assertThat(healthTopics.keySet()).isEqualTo(repartitionSources(health.describe(), healthId));
            RepartitionTopics.of(workloads, workloadProperties).forEach(topic -> assertThat(topic.configs())
                    .as(topic.name()).containsEntry("cleanup.policy", "delete").containsEntry("retention.ms", "-1")
                    .containsEntry("message.timestamp.type", "CreateTime"));
        }
    }

    @Test
    void theClientsTopicSettingsAndReplicationApply() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream("in").repartition(Repartitioned.as("moved").withNumberOfPartitions(3)).to("out");
        Properties properties = properties("app");
        properties.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 2);
        properties.put(StreamsConfig.topicPrefix("segment.bytes"), "1048576");

        NewTopic topic = RepartitionTopics.of(builder.build(), properties).get(0);

        assertThat(topic.name()).isEqualTo("app-moved-repartition");
        assertThat(topic.numPartitions()).isEqualTo(3);
        assertThat(topic.replicationFactor()).isEqualTo((short) 2);
        assertThat(topic.configs()).containsEntry("segment.bytes", "1048576");
    }

    @Test
    void aRepartitionWithoutItsOwnPartitionCountIsRefusedNamingIt() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream("in").repartition(Repartitioned.<Object, Object>as("moved").withKeySerde(null)).to("out");

        assertThatThrownBy(() -> RepartitionTopics.of(builder.build(), properties("app")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("repartition topic app-moved-repartition has no partition count of its own");
    }

    private static Properties properties(String applicationId) {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        properties.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        return properties;
    }

    private static Map<String, Integer> partitions(Iterable<NewTopic> topics) {
        Map<String, Integer> partitions = new TreeMap<>();
        topics.forEach(topic -> partitions.put(topic.name(), topic.numPartitions()));
        return partitions;
    }

    private static Set<String> repartitionSources(TopologyDescription description, String applicationId) {
        Set<String> names = new TreeSet<>();
        description.subtopologies().forEach(subtopology -> subtopology.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Source source && source.topicSet() != null) {
                source.topicSet().stream().filter(topic -> topic.endsWith("-repartition")).forEach(topic -> names.add(applicationId + "-" + topic));
            }
        }));
        return names;
    }
}
