package io.fedstream.dlq;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Why and where a record failed: becomes the headers of its dead-letter record, whose key and value
 * are the original bytes.
 */
public record DeadLetter(
        String stage, String reason, String field, String value, String topic, int partition, long offset, String store) {

    public static final String STAGE = "stage";
    public static final String REASON = "reason";
    public static final String FIELD = "field";
    public static final String VALUE = "value";
    public static final String TOPIC = "topic";
    public static final String PARTITION = "partition";
    public static final String OFFSET = "offset";
    public static final String STORE = "store";

    /** A record read from a topic: where it came from. */
    public DeadLetter(String stage, String reason, String field, String value, String topic, int partition, long offset) {
        this(stage, reason, field, value, topic, partition, offset, null);
    }

    /**
     * An entry read from a state store, by a punctuator or from a global store, that has no source record: the letter
     * names the store, and its record is keyed by the entry's key, so that it can be traced and replayed.
     */
    public static DeadLetter ofStoreEntry(String stage, String reason, String field, String value, String store) {
        return new DeadLetter(stage, reason, field, value, null, -1, -1, store);
    }

    /**
     * A record whose value (or key) cannot be decoded: what {@link DeadLetterDeserializationHandler} writes, and what a
     * stage that decodes a topic's bytes itself writes, so that both letters read the same.
     */
    public static DeadLetter undecodable(String topic, int partition, long offset, Exception exception) {
        return of("deserialize", DeadLetterDeserializationHandler.describe(exception), topic, partition, offset);
    }

    /** A failure that concerns the whole record rather than one field. */
    public static DeadLetter of(String stage, String reason, String topic, int partition, long offset) {
        return new DeadLetter(stage, reason, null, null, topic, partition, offset);
    }

    /** The headers of the dead-letter record; field, value, source position and store only when known. */
    public Headers headers() {
        Headers headers = new RecordHeaders();
        add(headers, STAGE, stage);
        add(headers, REASON, reason);
        add(headers, FIELD, field);
        add(headers, VALUE, value);
        add(headers, TOPIC, topic);
        if (partition >= 0) {
            add(headers, PARTITION, Integer.toString(partition));
        }
        if (offset >= 0) {
            add(headers, OFFSET, Long.toString(offset));
        }
        add(headers, STORE, store);
        return headers;
    }

    /** The dead-letter record for the given original bytes. */
    public ProducerRecord<byte[], byte[]> toRecord(String deadLetterTopic, byte[] key, byte[] value) {
        return new ProducerRecord<>(deadLetterTopic, null, key, value, headers());
    }

    private static void add(Headers headers, String name, String text) {
        if (text != null) {
            headers.add(name, text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
