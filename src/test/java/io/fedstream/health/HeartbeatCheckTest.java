package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.FieldError;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each value a heartbeat may not carry is refused naming its field and value, as a manifest's would be. */
class HeartbeatCheckTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

    private final HeartbeatCheck check = new HeartbeatCheck(HealthSettings.defaults());

    @ParameterizedTest(name = "{0}.{1}: {2}")
    @CsvSource(delimiter = '|', value = {
        "allocatable | cpu    | 1e30     | quantity 1000000000000000000000000000000 does not fit a 64-bit integer",
        "allocatable | cpu    | -64      | must not be negative",
        "allocatable | cpu    | NaN      | is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)",
        "allocatable | memory | Infinity | is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)",
        "allocatable | memory | 9Ei      | quantity 10376293541461622784 does not fit a 64-bit integer",
        "allocated   | cpu    | -1m      | must not be negative",
        "allocated   | pods   | ''       | is not a quantity (empty)",
    })
    void aBadQuantityIsRefusedNamingFieldAndValue(String field, String resource, String value, String reason) {
        ClusterHealthEvent.Builder heartbeat = valid();
        if (field.equals("allocatable")) {
            heartbeat.setAllocatable(Map.of(resource, value));
        } else {
            heartbeat.setAllocated(Map.of(resource, value));
        }

        assertThat(check.problems(heartbeat.build(), NOW.toEpochMilli()))
                .containsExactly(new FieldError(field + "." + resource, value, reason));
    }

    @Test
    void aValidHeartbeatHasNoProblem() {
        assertThat(check.problems(valid().build(), NOW.toEpochMilli())).isEmpty();
    }

    @Test
    void aConditionOfUnknownShapeIsRefused() {
        ClusterHealthEvent heartbeat = valid().setConditions(List.of(
                condition("Ready", "Maybe"), condition("", "True"), condition("Ready", "True"))).build();

        assertThat(check.problems(heartbeat, NOW.toEpochMilli())).containsExactly(
                new FieldError("conditions[0].status", "Maybe", "must be True, False or Unknown"),
                new FieldError("conditions[1].type", "", "is required"),
                new FieldError("conditions[2].type", "Ready", "appears twice: which one holds is unknown"));
    }

    @Test
    void aTaintOfUnknownEffectIsRefused() {
        ClusterHealthEvent heartbeat = valid().setTaints(List.of(
                Taint.newBuilder().setKey("maintenance").setEffect("NoWay").build(),
                Taint.newBuilder().setKey(" ").setEffect("NoSchedule").build())).build();

        assertThat(check.problems(heartbeat, NOW.toEpochMilli())).containsExactly(
                new FieldError("taints[0].effect", "NoWay", "must be NoSchedule, PreferNoSchedule or NoExecute"),
                new FieldError("taints[1].key", " ", "is required"));
    }

    @Test
    void aHeartbeatFromTheFutureWouldMakeEveryOtherClusterLookSilentAndIsRefused() {
        ClusterHealthEvent heartbeat = valid().setHeartbeatAt(NOW.plusSeconds(31)).build();

        assertThat(check.problems(heartbeat, NOW.toEpochMilli())).singleElement().satisfies(problem -> {
            assertThat(problem.field()).isEqualTo("heartbeatAt");
            assertThat(problem.value()).isEqualTo("2026-11-29T10:00:31Z");
            assertThat(problem.reason()).startsWith("is ahead of fedstream's clock (2026-11-29T10:00:00Z) by more than 30s");
        });
        assertThat(check.problems(valid().setHeartbeatAt(NOW.plusSeconds(30)).build(), NOW.toEpochMilli())).isEmpty();
    }

    private static ClusterHealthEvent.Builder valid() {
        return ClusterHealthEvent.newBuilder()
                .setCluster("member1")
                .setHeartbeatAt(NOW)
                .setConditions(List.of(condition("Ready", "True")))
                .setAllocatable(Map.of("cpu", "64", "memory", "256Gi", "pods", "110"))
                .setAllocated(Map.of("cpu", "12500m", "memory", "48Gi"));
    }

    private static ClusterCondition condition(String type, String status) {
        return ClusterCondition.newBuilder().setType(type).setStatus(status).build();
    }
}
