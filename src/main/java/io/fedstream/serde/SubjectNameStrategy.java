package io.fedstream.serde;

import org.apache.avro.Schema;

/** How a topic and a record's schema map to a registry subject, as Confluent's three built-in strategies do. */
public enum SubjectNameStrategy {

    /** {@code <topic>-key} or {@code <topic>-value}: one schema lineage per topic (the default). */
    TOPIC_NAME {
        @Override
        public String subjectName(String topic, boolean isKey, Schema schema) {
            return topic + (isKey ? "-key" : "-value");
        }
    },
    /** The record's full name: one lineage per record type, across topics. */
    RECORD_NAME {
        @Override
        public String subjectName(String topic, boolean isKey, Schema schema) {
            return recordFullName(schema);
        }
    },
    /** {@code <topic>-<record full name>}: several record types per topic. */
    TOPIC_RECORD_NAME {
        @Override
        public String subjectName(String topic, boolean isKey, Schema schema) {
            return topic + "-" + recordFullName(schema);
        }
    };

    public abstract String subjectName(String topic, boolean isKey, Schema schema);

    /** Parses an enum name or a Confluent class name such as {@code io.confluent...TopicRecordNameStrategy}. */
    public static SubjectNameStrategy fromConfig(String value) {
        String simple = value.substring(value.lastIndexOf('.') + 1).trim();
        switch (simple) {
            case "TopicNameStrategy", "topic": return TOPIC_NAME;
            case "RecordNameStrategy", "record": return RECORD_NAME;
            case "TopicRecordNameStrategy", "topic-record": return TOPIC_RECORD_NAME;
            default:
                try {
                    return valueOf(simple);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Unknown subject name strategy '" + value
                            + "'; expected TopicNameStrategy, RecordNameStrategy or TopicRecordNameStrategy");
                }
        }
    }

    private static String recordFullName(Schema schema) {
        if (schema.getType() != Schema.Type.RECORD) {
            throw new IllegalArgumentException("Record-based subject name strategies need a record schema, got "
                    + schema.getType().getName());
        }
        return schema.getFullName();
    }
}
