package io.fedstream.cli;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The largest record the broker takes from {@code apply}: the producer's {@code max.request.size}, which it checks
 * against the record's uncompressed size before sending, and, when records go uncompressed, each topic's {@code
 * max.message.bytes}. A record over either would fail after the records before it were sent, so every one is measured
 * first, by the bound the producer measures it with ({@code KafkaProducer.doSend}: a batch's overhead, 61 bytes, and a
 * record's at most 21, beside its key, value and headers, each length a varint of at most 5 bytes).
 */
final class RecordLimits {

    private static final int DEFAULT_MAX_REQUEST_SIZE = 1024 * 1024;
    private static final int BATCH_OVERHEAD = 61;
    private static final int RECORD_OVERHEAD = 21;
    private static final int VARINT = 5;

    private final int maxRequestSize;
    private final boolean compressed;
    private final Map<String, Integer> topicMaxMessageBytes;

    RecordLimits(int maxRequestSize, boolean compressed, Map<String, Integer> topicMaxMessageBytes) {
        this.maxRequestSize = maxRequestSize;
        this.compressed = compressed;
        this.topicMaxMessageBytes = Map.copyOf(topicMaxMessageBytes);
    }

    /** The producer's limits from its properties, and the topics' as the broker describes them. */
    static RecordLimits of(Properties producer, Map<String, Integer> topicMaxMessageBytes) {
        Object maxRequest = producer.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        Object compression = producer.get(ProducerConfig.COMPRESSION_TYPE_CONFIG);
        return new RecordLimits(maxRequest == null ? DEFAULT_MAX_REQUEST_SIZE : Integer.parseInt(maxRequest.toString()),
                compression != null && !"none".equals(compression.toString()), topicMaxMessageBytes);
    }

    /** Why the record of {@code document} is too large to publish; empty when it fits. */
    Optional<String> refusal(ProducerRecord<String, byte[]> record, String document) {
        int size = sizeOf(record);
        if (size > maxRequestSize) {
            return Optional.of(document + ": " + size + " bytes as a record, more than the producer's max.request.size ("
                    + maxRequestSize + " bytes; kafka.producer.max.request.size)");
        }
        Integer topicLimit = topicMaxMessageBytes.get(record.topic());
        if (!compressed && topicLimit != null && size > topicLimit) {
            return Optional.of(document + ": " + size + " bytes as a record, more than topic " + record.topic() + " takes (max.message.bytes "
                    + topicLimit + " bytes)");
        }
        return Optional.empty();
    }

    /** At least what the producer counts for the record, at most a few varint bytes more. */
    static int sizeOf(ProducerRecord<String, byte[]> record) {
        int size = BATCH_OVERHEAD + RECORD_OVERHEAD + 3 * VARINT;
        size += record.key() == null ? 0 : record.key().getBytes(StandardCharsets.UTF_8).length;
        size += record.value() == null ? 0 : record.value().length;
        for (Header header : record.headers()) {
            size += 2 * VARINT + header.key().getBytes(StandardCharsets.UTF_8).length + (header.value() == null ? 0 : header.value().length);
        }
        return size;
    }
}
