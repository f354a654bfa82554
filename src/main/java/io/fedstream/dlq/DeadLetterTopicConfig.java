package io.fedstream.dlq;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/** Reads the dead-letter topic name that the composition root passes to the Kafka Streams error handlers. */
final class DeadLetterTopicConfig {

    /** Streams property naming the dead-letter topic; handlers are created by Kafka Streams, so they get it this way. */
    static final String KEY = "fedstream.dead.letter.topic";

    private DeadLetterTopicConfig() {}

    static String topic(Map<String, ?> configs) {
        Object topic = configs.get(KEY);
        if (!(topic instanceof String name) || name.isBlank()) {
            throw new ConfigException(KEY, topic, "the dead-letter topic must be configured for the error handlers");
        }
        return name;
    }
}
