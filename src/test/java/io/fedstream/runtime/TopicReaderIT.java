package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KafkaClusterExtension.class)
class TopicReaderIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void readsEveryPartitionToItsEndAndThenOnlyWhatCameSince(SharedKafka kafka, KafkaTestNames names) throws Exception {
        String topic = names.topic("kept");
        kafka.createTopics(3, topic);
        send(kafka, topic, "a", "1");
        send(kafka, topic, "b", "1");
        send(kafka, topic, null, "keyless");
        send(kafka, topic, "a", "2");

        try (TopicReader reader = new TopicReader(readCommitted(kafka), topic)) {
            Map<String, String> latest = new LinkedHashMap<>();
            List<String> seen = new ArrayList<>();
            reader.catchUp(TIMEOUT, record -> {
                seen.add(record.key());
                latest.put(record.key(), new String(record.value(), StandardCharsets.UTF_8));
            });
            assertThat(latest).containsOnly(Map.entry("a", "2"), Map.entry("b", "1"));
            assertThat(seen).hasSize(3);

            send(kafka, topic, "c", "1");
            seen.clear();
            reader.catchUp(TIMEOUT, record -> seen.add(record.key()));
            assertThat(seen).containsExactly("c");
        }
    }

    @Test
    void aTopicThatDoesNotExistReadsAsEmptyAndIsNotCreated(SharedKafka kafka, KafkaTestNames names) throws Exception {
        String topic = names.topic("absent");
        List<String> seen = new ArrayList<>();

        try (TopicReader reader = new TopicReader(readCommitted(kafka), topic)) {
            reader.catchUp(TIMEOUT, record -> seen.add(record.key()));
        }

        assertThat(seen).isEmpty();
        try (Admin admin = kafka.admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain(topic);
        }
    }

    private static Properties readCommitted(SharedKafka kafka) {
        Properties properties = kafka.clientProperties();
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "not-used-by-the-reader");
        return properties;
    }

    private static void send(SharedKafka kafka, String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.clientProperties(), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value.getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
        }
    }
}
