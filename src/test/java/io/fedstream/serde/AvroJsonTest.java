package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.WorkloadEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Natural JSON to Avro records and back, with errors that name the offending field. */
class AvroJsonTest {

    @Test
    void buildsARecordFromNaturalJsonWithAManifestObjectAndDefaults() {
        JsonNode json = AvroJson.parse("""
                {"op":"UPSERT","observedAt":"2026-11-29T10:00:00Z",
                 "manifest":{"apiVersion":"v1","kind":"Pod"},
                 "placement":{"clusters":[{"name":"eu-1"},{"name":"us-1","replicas":3}]}}
                """);

        WorkloadEvent event = AvroJson.toSpecific(json, WorkloadEvent.class);

        assertThat(event).isEqualTo(WorkloadEvent.newBuilder()
                .setOp(Op.UPSERT)
                .setObservedAt(Instant.parse("2026-11-29T10:00:00Z"))
                .setManifest("{\"apiVersion\":\"v1\",\"kind\":\"Pod\"}")
                .setPlacement(Placement.newBuilder()
                        .setClusters(List.of(
                                ClusterTarget.newBuilder().setName("eu-1").setReplicas(null).build(),
                                ClusterTarget.newBuilder().setName("us-1").setReplicas(3L).build()))
                        .setScheduling(ReplicaScheduling.DUPLICATED)
                        .setDecidedBy("user")
                        .build())
                .setSource(null)
                .build());
    }

    @Test
    void rendersARecordAsNaturalJsonAndReadsItBack() {
        WorkloadEvent event = WorkloadEvent.newBuilder()
                .setOp(Op.DELETE).setObservedAt(Instant.ofEpochMilli(1500)).setSource("ci").build();

        JsonNode json = AvroJson.toJson(event);

        assertThat(json.toString()).isEqualTo(
                "{\"op\":\"DELETE\",\"manifest\":null,\"placement\":null,\"observedAt\":\"1970-01-01T00:00:01.500Z\",\"source\":\"ci\"}");
        assertThat(AvroJson.toSpecific(json, WorkloadEvent.class)).isEqualTo(event);
    }

    @Test
    void acceptsEpochMillisForTimestamps() {
        WorkloadEvent event = AvroJson.toSpecific(AvroJson.parse("{\"op\":\"DELETE\",\"observedAt\":1500}"), WorkloadEvent.class);

        assertThat(event.getObservedAt()).isEqualTo(Instant.ofEpochMilli(1500));
    }

    @Test
    void errorsNameThePathAndTheValue() {
        assertThatThrownBy(() -> AvroJson.toSpecific(AvroJson.parse("{\"op\":\"UPSERTED\",\"observedAt\":0}"), WorkloadEvent.class))
                .isInstanceOf(AvroJsonException.class)
                .hasMessage("value.op: expected one of [UPSERT, DELETE], got \"UPSERTED\"");
        assertThatThrownBy(() -> AvroJson.toSpecific(
                        AvroJson.parse("{\"op\":\"UPSERT\",\"observedAt\":0,\"placement\":{\"clusters\":[{\"name\":7}]}}"), WorkloadEvent.class))
                .hasMessage("value.placement.clusters[0].name: expected a string, got 7");
        assertThatThrownBy(() -> AvroJson.toSpecific(AvroJson.parse("{\"op\":\"UPSERT\",\"observedAt\":\"yesterday\"}"), WorkloadEvent.class))
                .hasMessage("value.observedAt: expected an ISO-8601 instant such as 2026-01-01T00:00:00Z or epoch millis, got \"yesterday\"");
        assertThatThrownBy(() -> AvroJson.toSpecific(AvroJson.parse("{\"op\":\"UPSERT\",\"observedAt\":0,\"colour\":1}"), WorkloadEvent.class))
                .hasMessageStartingWith("value.colour: unknown field of WorkloadEvent");
        assertThatThrownBy(() -> AvroJson.toSpecific(AvroJson.parse("{\"op\":\"UPSERT\",\"observedAt\":1.5}"), WorkloadEvent.class))
                .hasMessage("value.observedAt: expected a whole number (long), got 1.5");
    }
}
