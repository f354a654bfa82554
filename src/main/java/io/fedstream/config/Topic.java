package io.fedstream.config;

import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/** A Kafka topic bound to its name and its key and value serdes, so topology code never names a topic itself. */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde, Class<V> valueType) {

    public Topic {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keySerde, "keySerde");
        Objects.requireNonNull(valueSerde, "valueSerde");
        Objects.requireNonNull(valueType, "valueType");
        if (name.isBlank()) {
            throw new IllegalArgumentException("topic name must not be blank");
        }
    }

    /** How a named source node reads this topic. */
    public Consumed<K, V> consumedAs(String sourceName) {
        return Consumed.with(keySerde, valueSerde).withName(sourceName);
    }

    /**
     * How a named source node reads this control topic: its records first in line, before any workload event of a
     * backlog ({@link FirstInLine}).
     */
    public Consumed<K, V> consumedFirstAs(String sourceName) {
        return consumedAs(sourceName).withTimestampExtractor(new FirstInLine());
    }

    /**
     * How a named source node reads this topic with its values left as the bytes they came in, for a stage that decodes
     * them itself with {@link #valueSerde()} and keeps the bytes (a record it cannot decode is then its to dead-letter).
     */
    public Consumed<K, byte[]> consumedAsBytes(String sourceName) {
        return Consumed.with(keySerde, Serdes.ByteArray()).withName(sourceName);
    }

    /** How a named sink node writes this topic. */
    public Produced<K, V> producedAs(String sinkName) {
        return Produced.with(keySerde, valueSerde).withName(sinkName);
    }
}
