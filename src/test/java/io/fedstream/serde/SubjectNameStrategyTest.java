package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.WorkloadEvent;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class SubjectNameStrategyTest {

    private static final Schema EVENT = WorkloadEvent.getClassSchema();

    @Test
    void topicNameStrategySuffixesKeyOrValue() {
        assertThat(SubjectNameStrategy.TOPIC_NAME.subjectName("fedstream.workloads", false, EVENT))
                .isEqualTo("fedstream.workloads-value");
        assertThat(SubjectNameStrategy.TOPIC_NAME.subjectName("fedstream.workloads", true, Schema.create(Schema.Type.STRING)))
                .isEqualTo("fedstream.workloads-key");
    }

    @Test
    void recordNameStrategiesUseTheRecordFullName() {
        assertThat(SubjectNameStrategy.RECORD_NAME.subjectName("fedstream.workloads", false, EVENT))
                .isEqualTo("io.fedstream.avro.WorkloadEvent");
        assertThat(SubjectNameStrategy.TOPIC_RECORD_NAME.subjectName("fedstream.workloads", true, EVENT))
                .isEqualTo("fedstream.workloads-io.fedstream.avro.WorkloadEvent");
    }

    @Test
    void recordNameStrategiesRefuseNonRecordSchemas() {
        assertThatThrownBy(() -> SubjectNameStrategy.RECORD_NAME.subjectName("t", true, Schema.create(Schema.Type.STRING)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Record-based subject name strategies need a record schema, got string");
    }

    @Test
    void fromConfigAcceptsConfluentClassNamesAndEnumNames() {
        assertThat(SubjectNameStrategy.fromConfig("io.confluent.kafka.serializers.subject.TopicRecordNameStrategy"))
                .isEqualTo(SubjectNameStrategy.TOPIC_RECORD_NAME);
        assertThat(SubjectNameStrategy.fromConfig("RecordNameStrategy")).isEqualTo(SubjectNameStrategy.RECORD_NAME);
        assertThat(SubjectNameStrategy.fromConfig("TOPIC_NAME")).isEqualTo(SubjectNameStrategy.TOPIC_NAME);
        assertThat(SubjectNameStrategy.fromConfig("topic-record")).isEqualTo(SubjectNameStrategy.TOPIC_RECORD_NAME);
        assertThatThrownBy(() -> SubjectNameStrategy.fromConfig("Fancy"))
                .hasMessage("Unknown subject name strategy 'Fancy'; expected TopicNameStrategy, RecordNameStrategy"
                        + " or TopicRecordNameStrategy");
    }
}
