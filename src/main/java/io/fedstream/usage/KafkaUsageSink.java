package io.fedstream.usage;

import io.fedstream.avro.WorkloadUsage;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topic;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes usage records to {@code fedstream.workload-usage} with the configuration's producer settings (acks=all,
 * idempotence), partitioned by namespace ({@link NamespacePartitioner}) as every topic keyed by workload is.
 */
public final class KafkaUsageSink implements UsageSink, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaUsageSink.class);

    private final Topic<String, WorkloadUsage> topic;
    private final KafkaProducer<String, WorkloadUsage> producer;

    public KafkaUsageSink(FedstreamConfig config, Topic<String, WorkloadUsage> topic, String cluster) {
        this.topic = topic;
        Properties properties = config.producerProperties();
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "fedstream-usage-" + cluster);
        properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
        this.producer = new KafkaProducer<>(properties, new StringSerializer(), topic.valueSerde().serializer());
    }

    @Override
    public void publish(String workloadKey, WorkloadUsage usage) {
        producer.send(new ProducerRecord<>(topic.name(), workloadKey, usage), (metadata, failure) -> {
            if (failure != null) {
                // One interval lost: the next one reports again.
                LOG.warn("could not publish the usage of {} to {}: {}", workloadKey, topic.name(), failure.toString());
            }
        });
    }

    /** Sends what is buffered, e.g. before a test reads the topic. */
    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }
}
