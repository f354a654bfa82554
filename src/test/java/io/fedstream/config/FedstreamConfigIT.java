package io.fedstream.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The Kafka Streams configuration that FedstreamConfig derives runs a stateful exactly-once topology on a real broker. */
@ExtendWith(KafkaClusterExtension.class)
class FedstreamConfigIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void streamsPropertiesRunAnExactlyOnceStatefulTopology(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir)
            throws Exception {
        String input = names.topic("input");
        String output = names.topic("counts");
        kafka.createTopics(2, input, output);
        FedstreamConfig config = new FedstreamConfig(
                Map.of("state.dir", stateDir.toString()),
                Map.of("FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers()),
                Map.of("application.id", names.applicationId(),
                        // Every update reaches the output, so the assertion can be exact.
                        "kafka.streams.statestore.cache.max.bytes", "0"));

        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()).withName("read-input"))
                .groupByKey(Grouped.<String, String>as("by-key").withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .count(Named.as("count"), Materialized.<String, Long, KeyValueStore<Bytes, byte[]>>as("counts")
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.Long()))
                .toStream(Named.as("count-changes"))
                .to(output, Produced.with(Serdes.String(), Serdes.Long()).withName("write-counts"));

        Properties producerProps = config.producerProperties();
        try (KafkaStreams streams = new KafkaStreams(builder.build(config.streamsProperties()), config.streamsProperties());
             KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer())) {
            streams.start();
            for (String key : List.of("a", "b", "a", "c", "a", "b")) {
                producer.send(new ProducerRecord<>(input, key, "x")).get();
            }

            List<Map.Entry<String, Long>> counts = readCommitted(config, output, 6);

            assertThat(counts.stream().filter(e -> e.getKey().equals("a")).map(Map.Entry::getValue)).containsExactly(1L, 2L, 3L);
            assertThat(counts.stream().filter(e -> e.getKey().equals("b")).map(Map.Entry::getValue)).containsExactly(1L, 2L);
            assertThat(counts.stream().filter(e -> e.getKey().equals("c")).map(Map.Entry::getValue)).containsExactly(1L);
            assertThat(streams.state()).isEqualTo(KafkaStreams.State.RUNNING);
        }
    }

    private static List<Map.Entry<String, Long>> readCommitted(FedstreamConfig config, String topic, int expected) {
        Properties props = config.consumerProperties();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, topic + ".reader");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<Map.Entry<String, Long>> read = new ArrayList<>();
        try (KafkaConsumer<String, Long> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (read.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, Long> record : consumer.poll(Duration.ofMillis(200))) {
                    read.add(Map.entry(record.key(), record.value()));
                }
            }
            // A moment longer, to catch duplicates that exactly-once must not produce.
            consumer.poll(Duration.ofMillis(500)).forEach(record -> read.add(Map.entry(record.key(), record.value())));
        }
        assertThat(read).as("records on %s", topic).hasSize(expected);
        return read;
    }
}
