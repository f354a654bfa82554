package io.fedstream.dlq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import io.fedstream.serde.SchemaRegistryException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.junit.jupiter.api.Test;

/** A record is never dead-lettered because the schema registry did not answer; it is when the registry says it is bad. */
class TransientFailureTest {

    private static final String TOPIC = "fedstream.workloads";

    @Test
    void aRecordWhoseSchemaCouldNotBeFetchedFailsTheThreadAndIsNotDeadLettered() throws Exception {
        InProcessSchemaRegistry backing = new InProcessSchemaRegistry();
        byte[] good = new AvroSerdes(backing, AvroSerdeConfig.defaults()).specific(WorkloadEvent.class, false).serializer()
                .serialize(TOPIC, event());
        RegistryHttpServer server = RegistryHttpServer.start(backing, 0);
        ConfluentRegistryClient client = ConfluentRegistryClient.builder(server.url()).requestTimeout(Duration.ofSeconds(2)).build();
        server.close();

        Throwable failure = catchThrowable(() -> new AvroSerdes(client, AvroSerdeConfig.defaults())
                .specific(WorkloadEvent.class, false).deserializer().deserialize(TOPIC, good));

        assertThat(failure).isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.isUnreachable()).isTrue())
                .hasMessageContaining("is unreachable (GET /schemas/ids/");
        assertThat(TransientFailure.in(failure)).isTrue();
        DeserializationExceptionHandler.Response response = handler().handleError(
                null, new ConsumerRecord<>(TOPIC, 0, 7L, new byte[0], good), (Exception) failure);
        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void aRegistryThatSaysNotNowIsTransientOneThatSaysNoIsNot() {
        assertThat(TransientFailure.in(registryAnswer(503, 0))).isTrue();
        assertThat(TransientFailure.in(registryAnswer(429, 0))).isTrue();
        assertThat(TransientFailure.in(registryAnswer(500, 50002))).as("operation timed out").isTrue();
        assertThat(TransientFailure.in(registryAnswer(408, 0))).isTrue();

        assertThat(TransientFailure.in(registryAnswer(404, SchemaRegistryException.SCHEMA_NOT_FOUND))).isFalse();
        assertThat(TransientFailure.in(registryAnswer(401, 0))).isFalse();
        assertThat(TransientFailure.in(registryAnswer(409, 409))).as("incompatible").isFalse();
        assertThat(TransientFailure.in(new SerializationException("Unknown magic byte"))).isFalse();
    }

    @Test
    void aSchemaTheRegistryDoesNotHaveIsStillDeadLettered() {
        DeserializationExceptionHandler.Response response = handler().handleError(null,
                new ConsumerRecord<>(TOPIC, 0, 7L, new byte[0], new byte[] {0, 0, 0, 0, 9}),
                registryAnswer(404, SchemaRegistryException.SCHEMA_NOT_FOUND));

        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).hasSize(1);
    }

    private static SerializationException registryAnswer(int status, int errorCode) {
        return new SerializationException("Cannot deserialize a record from topic '" + TOPIC + "' with schema id 9",
                new SchemaRegistryException(status, errorCode, null, "HTTP " + status + ", error " + errorCode));
    }

    private static DeadLetterDeserializationHandler handler() {
        DeadLetterDeserializationHandler handler = new DeadLetterDeserializationHandler();
        handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "fedstream.dlq"));
        return handler;
    }

    private static WorkloadEvent event() {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setSource("ci").setObservedAt(Instant.EPOCH)
                .setManifest("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"namespace\":\"apps\"}}")
                .build();
    }
}
