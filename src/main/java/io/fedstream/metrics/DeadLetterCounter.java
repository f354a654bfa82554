package io.fedstream.metrics;

import io.fedstream.dlq.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Counts dead letters by the {@code stage} header as the streams' producer sends them: every stage and both error
 * handlers write dead letters through that producer, so one interceptor sees them all with no stage knowing of metrics.
 * Under exactly-once a send whose transaction later aborts is counted too (it is re-sent, and counted, on retry).
 */
public final class DeadLetterCounter implements ProducerInterceptor<byte[], byte[]> {

    /** Producer property holding the {@link FedstreamMetrics} instance (Kafka passes configured objects through). */
    static final String METRICS = "fedstream.metrics";
    /** Producer property naming the dead-letter topic. */
    static final String TOPIC = "fedstream.metrics.dead.letter.topic";

    private FedstreamMetrics metrics;
    private String deadLetterTopic;

    /** Adds this interceptor to streams properties, keeping any interceptor already configured. */
    public static void install(Properties streams, FedstreamMetrics metrics, String deadLetterTopic) {
        String key = StreamsConfig.producerPrefix(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        Object configured = streams.get(key);
        streams.put(key, configured == null || configured.toString().isBlank()
                ? DeadLetterCounter.class.getName()
                : configured + "," + DeadLetterCounter.class.getName());
        streams.put(StreamsConfig.producerPrefix(METRICS), metrics);
        streams.put(StreamsConfig.producerPrefix(TOPIC), deadLetterTopic);
    }

    @Override
    public void configure(Map<String, ?> configs) {
        if (!(configs.get(METRICS) instanceof FedstreamMetrics given)) {
            throw new ConfigException(METRICS, configs.get(METRICS), "DeadLetterCounter needs the FedstreamMetrics instance");
        }
        metrics = given;
        deadLetterTopic = String.valueOf(configs.get(TOPIC));
    }

    @Override
    public ProducerRecord<byte[], byte[]> onSend(ProducerRecord<byte[], byte[]> record) {
        if (deadLetterTopic.equals(record.topic())) {
            Header stage = record.headers().lastHeader(DeadLetter.STAGE);
            metrics.deadLettered(stage == null ? null : new String(stage.value(), StandardCharsets.UTF_8));
        }
        return record;
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
        // Counted on send; the acknowledgement adds nothing.
    }

    @Override
    public void close() {
        // The metrics outlive the producer: Kafka Streams replaces producers while the registry stays.
    }
}
