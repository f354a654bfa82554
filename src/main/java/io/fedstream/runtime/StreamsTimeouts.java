package io.fedstream.runtime;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Derives the Kafka client timeouts from the stall bound, so that a dead broker surfaces as an exception (a send that
 * expires, a task that times out) well before the bound, instead of a stream thread parked for ever in
 * {@code KafkaProducer.flush()}. Values already set ({@code kafka.streams.*}, {@code kafka.producer.*}) win.
 */
final class StreamsTimeouts {

    private static final Duration MAX_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private StreamsTimeouts() {}

    static Properties derive(Properties properties, Duration stallBound) {
        long bound = stallBound.toMillis();
        long delivery = bound / 4;
        // Half the delivery timeout leaves room for Kafka Streams' linger.ms (delivery >= linger + request).
        long request = Math.min(MAX_REQUEST_TIMEOUT.toMillis(), delivery / 2);
        properties.putIfAbsent(StreamsConfig.TASK_TIMEOUT_MS_CONFIG, bound / 4);
        properties.putIfAbsent(StreamsConfig.producerPrefix(ProducerConfig.MAX_BLOCK_MS_CONFIG), bound / 5);
        properties.putIfAbsent(StreamsConfig.producerPrefix(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG), (int) delivery);
        properties.putIfAbsent(StreamsConfig.producerPrefix(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG), (int) request);
        return properties;
    }
}
