package io.fedstream.dlq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.serde.SchemaRegistryException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/** The Kafka Streams error handlers turn failures into dead letters with the original bytes and where/why headers. */
class DeadLetterHandlersTest {

    private static final byte[] KEY = "apps/Deployment/a/web".getBytes(StandardCharsets.UTF_8);
    private static final byte[] VALUE = {0x7b, 0x01, 0x02};

    @Test
    void undecodableRecordResumesWithOneDeadLetter() {
        DeadLetterDeserializationHandler handler = new DeadLetterDeserializationHandler();
        handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "fedstream.dlq"));
        ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("fedstream.workloads", 3, 42L, KEY, VALUE);

        DeserializationExceptionHandler.Response response = handler.handleError(
                context("workloads-source"), record, new SerializationException("bad magic byte", new IllegalStateException("0x7b")));

        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(letter -> {
            assertThat(letter.topic()).isEqualTo("fedstream.dlq");
            assertThat(letter.key()).isEqualTo(KEY);
            assertThat(letter.value()).isEqualTo(VALUE);
            assertThat(headers(letter)).containsExactly(
                    Map.entry("stage", "deserialize"),
                    Map.entry("reason", "bad magic byte: 0x7b"),
                    Map.entry("topic", "fedstream.workloads"),
                    Map.entry("partition", "3"),
                    Map.entry("offset", "42"));
        });
    }

    @Test
    void failingProcessorResumesWithTheSourceBytesAsADeadLetter() {
        DeadLetterProcessingHandler handler = new DeadLetterProcessingHandler();
        handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "fedstream.dlq"));

        ProcessingExceptionHandler.Response response = handler.handleError(
                context("interpret-and-bind"), new Record<>("k", "v", 0L), new IllegalStateException("boom"));

        assertThat(response.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(letter -> {
            assertThat(letter.key()).isEqualTo(KEY);
            assertThat(letter.value()).isEqualTo(VALUE);
            assertThat(headers(letter))
                    .containsEntry("stage", "interpret-and-bind")
                    .containsEntry("reason", "IllegalStateException: boom")
                    .containsEntry("offset", "42");
        });
    }

    @Test
    void aProcessorThatCouldNotReachKafkaFailsTheThreadInsteadOfDeadLetteringAGoodRecord() {
        DeadLetterProcessingHandler handler = new DeadLetterProcessingHandler();
        handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "fedstream.dlq"));

        ProcessingExceptionHandler.Response response = handler.handleError(context("admit"), new Record<>("k", "v", 0L),
                new StreamsException("Error encountered sending record to topic fedstream.bindings",
                        new TimeoutException("Topic fedstream.bindings not present in metadata after 60000 ms.")));

        assertThat(response.result()).isEqualTo(ProcessingExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
        assertThat(handler.handleError(context("admit"), new Record<>("k", "v", 0L), new NotLeaderOrFollowerException("moved")).result())
                .isEqualTo(ProcessingExceptionHandler.Result.FAIL);
        assertThat(handler.handleError(context("admit"), new Record<>("k", "v", 0L), new SerializationException("Cannot write",
                        new SchemaRegistryException(503, 0, null, "Service Unavailable"))).result())
                .as("a registry that did not answer").isEqualTo(ProcessingExceptionHandler.Result.FAIL);
    }

    @Test
    void aFailingPunctuatorsLetterNamesItsTaskNotAPartitionAndOffsetOfMinusOne() {
        DeadLetterProcessingHandler handler = new DeadLetterProcessingHandler();
        handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "fedstream.dlq"));

        ProcessingExceptionHandler.Response response = handler.handleError(
                punctuation("place-and-fail-over"), null, new IllegalStateException("boom"));

        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(letter -> assertThat(headers(letter)).containsExactly(
                Map.entry("stage", "place-and-fail-over"),
                Map.entry("reason", "IllegalStateException: boom"),
                Map.entry("field", "punctuation"),
                Map.entry("value", "task 4_2")));
    }

    @Test
    void aStoreEntrysLetterNamesTheStoreAndNoSourcePosition() {
        DeadLetter letter = DeadLetter.ofStoreEntry("place", "must be a list", "spec.placement", "7", "policies-store");

        assertThat(headers(letter.toRecord("fedstream.dlq", KEY, VALUE))).containsExactly(
                Map.entry("stage", "place"),
                Map.entry("reason", "must be a list"),
                Map.entry("field", "spec.placement"),
                Map.entry("value", "7"),
                Map.entry("store", "policies-store"));
    }

    @Test
    void handlerWithoutTopicRefusesToStart() {
        assertThatThrownBy(() -> new DeadLetterDeserializationHandler().configure(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("fedstream.dead.letter.topic");
    }

    private static Map<String, String> headers(ProducerRecord<byte[], byte[]> record) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        record.headers().forEach(h -> headers.put(h.key(), new String(h.value(), StandardCharsets.UTF_8)));
        return headers;
    }

    /** What Kafka Streams passes for a punctuator: no source record, partition and offset -1. */
    private static ErrorHandlerContext punctuation(String node) {
        return new ErrorHandlerContext() {
            @Override public String topic() { return null; }
            @Override public int partition() { return -1; }
            @Override public long offset() { return -1L; }
            @Override public Headers headers() { return new RecordHeaders(); }
            @Override public String processorNodeId() { return node; }
            @Override public TaskId taskId() { return new TaskId(4, 2); }
            @Override public long timestamp() { return 0L; }
            @Override public byte[] sourceRawKey() { return null; }
            @Override public byte[] sourceRawValue() { return null; }
        };
    }

    private static ErrorHandlerContext context(String node) {
        return new ErrorHandlerContext() {
            @Override public String topic() { return "fedstream.workloads"; }
            @Override public int partition() { return 3; }
            @Override public long offset() { return 42L; }
            @Override public Headers headers() { return new RecordHeaders(); }
            @Override public String processorNodeId() { return node; }
            @Override public TaskId taskId() { return new TaskId(0, 3); }
            @Override public long timestamp() { return 0L; }
            @Override public byte[] sourceRawKey() { return KEY; }
            @Override public byte[] sourceRawValue() { return VALUE; }
        };
    }
}
