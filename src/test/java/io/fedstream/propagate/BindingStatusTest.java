package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A binding's Scheduled and FullyApplied conditions and its aggregated status, as Karmada shows them. */
class BindingStatusTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant AT = Instant.parse("2026-12-06T12:00:00Z");

    private static ResourceBinding divided(long generation) {
        Map<String, Long> shares = new LinkedHashMap<>();
        shares.put("member1", 2L);
        shares.put("member2", 1L);
        return Bindings.divided(generation, 3, shares);
    }

    private static WorkStatusEvent copy(String cluster, WorkState state, long generation, WorkHealth health) {
        return WorkStatusEvent.newBuilder().setWorkloadKey(Bindings.KEY).setCluster(cluster)
                .setDispatch(WorkDispatch.newBuilder().setState(state).setGeneration(generation)
                        .setMessage(state == WorkState.APPLIED ? null : "why " + cluster).build())
                .setObservation(health == null ? null : WorkObservation.newBuilder().setPresent(true).setHealth(health)
                        .setStatus("{\"replicas\":2}").build())
                .setObservedAt(AT).build();
    }

    @Test
    void everyPlacedCopyAppliedFromTheGenerationThatRunsIsFullyApplied() {
        BindingStatus status = BindingStatus.of(divided(2), List.of(copy("member2", WorkState.APPLIED, 2, WorkHealth.HEALTHY),
                copy("member1", WorkState.APPLIED, 2, WorkHealth.UNHEALTHY)));

        assertThat(status.condition(BindingStatus.SCHEDULED)).hasValueSatisfying(c -> {
            assertThat(c.status()).isTrue();
            assertThat(c.reason()).isEqualTo("Success");
            assertThat(c.message()).isEqualTo("Binding has been scheduled successfully.");
        });
        assertThat(status.condition(BindingStatus.FULLY_APPLIED)).hasValue(new BindingStatus.Condition(BindingStatus.FULLY_APPLIED, true,
                "FullyAppliedSuccess", "All works have been successfully applied", AT));
        assertThat(status.aggregatedStatus()).extracting(BindingStatus.AggregatedStatusItem::clusterName).containsExactly("member1", "member2");
        assertThat(status.aggregatedStatus().get(0).health()).isEqualTo(WorkHealth.UNHEALTHY);
    }

    @Test
    void aCopyMissingFailingOrFromAnOlderGenerationIsNotFullyApplied() {
        assertThat(BindingStatus.of(divided(2), List.of(copy("member1", WorkState.APPLIED, 2, null)))
                .condition(BindingStatus.FULLY_APPLIED).orElseThrow().status()).as("member2 not reported").isFalse();
        assertThat(BindingStatus.of(divided(2), List.of(copy("member1", WorkState.APPLIED, 2, null), copy("member2", WorkState.APPLIED, 1, null)))
                .condition(BindingStatus.FULLY_APPLIED).orElseThrow().status()).as("member2 runs generation 1").isFalse();
        BindingStatus conflict = BindingStatus.of(divided(2), List.of(copy("member1", WorkState.APPLIED, 2, null),
                copy("member2", WorkState.CONFLICT, 2, WorkHealth.HEALTHY)));
        assertThat(conflict.condition(BindingStatus.FULLY_APPLIED).orElseThrow()).satisfies(c -> {
            assertThat(c.status()).isFalse();
            assertThat(c.reason()).isEqualTo("FullyAppliedFailed");
            assertThat(c.message()).isEqualTo("Failed to apply all works, see status.aggregatedStatus for details");
        });
        assertThat(conflict.aggregatedStatus().get(1)).isEqualTo(new BindingStatus.AggregatedStatusItem("member2", false, "why member2",
                WorkHealth.UNKNOWN, null, null, WorkState.CONFLICT, 2L));
    }

    @Test
    void aRejectedVersionIsNotScheduledForQuotaAndAnUnplacedOneForNoClusterFit() {
        ResourceBinding rejected = ResourceBinding.newBuilder(divided(2)).setAdmission(Admission.newBuilder()
                .setState(AdmissionState.REJECTED).setReason("quota shop/q: cpu 3 over 2").setChargedGeneration(1L).build()).build();
        ResourceBinding unplaced = ResourceBinding.newBuilder(divided(1)).setPlacement(null)
                .setUnplacedReason("0/3 clusters are available: 3 cluster(s) had insufficient cpu").build();

        assertThat(BindingStatus.of(rejected, List.of()).condition(BindingStatus.SCHEDULED).orElseThrow())
                .extracting(BindingStatus.Condition::status, BindingStatus.Condition::reason, BindingStatus.Condition::message)
                .containsExactly(false, "QuotaExceeded", "quota shop/q: cpu 3 over 2");
        assertThat(BindingStatus.of(unplaced, List.of()).condition(BindingStatus.SCHEDULED).orElseThrow())
                .extracting(BindingStatus.Condition::status, BindingStatus.Condition::reason)
                .containsExactly(false, "NoClusterFit");
        assertThat(BindingStatus.of(unplaced, List.of()).condition(BindingStatus.FULLY_APPLIED).orElseThrow().status()).isFalse();
    }

    @Test
    void theJsonIsKarmadasShape() throws Exception {
        BindingStatus status = BindingStatus.of(divided(2), List.of(copy("member1", WorkState.APPLIED, 2, WorkHealth.HEALTHY),
                copy("member2", WorkState.FAILED, 2, null)));

        assertThat(status.toJson().path("aggregatedStatus").toString()).isEqualTo(JSON.readTree("""
                [{"clusterName":"member1","status":{"replicas":2},"applied":true,"health":"Healthy","state":"APPLIED","generation":2},
                 {"clusterName":"member2","applied":false,"appliedMessage":"why member2","health":"Unknown","state":"FAILED","generation":2}]""").toString());
        assertThat(status.toJson().path("conditions").get(1).path("type").asText()).isEqualTo("FullyApplied");
        WorkStatusEvent scriptFailed = WorkStatusEvent.newBuilder(copy("member1", WorkState.APPLIED, 2, WorkHealth.UNKNOWN))
                .setObservation(WorkObservation.newBuilder().setPresent(true).setHealth(WorkHealth.UNKNOWN)
                        .setHealthReason("ResourceInterpreterCustomization web-health, healthInterpretation: failed: boom").build()).build();
        assertThat(BindingStatus.of(divided(2), List.of(scriptFailed)).toJson().path("aggregatedStatus").get(0).toString())
                .isEqualTo("{\"clusterName\":\"member1\",\"applied\":true,\"health\":\"Unknown\",\"healthReason\":"
                        + "\"ResourceInterpreterCustomization web-health, healthInterpretation: failed: boom\",\"state\":\"APPLIED\",\"generation\":2}");
        assertThat(status.toJson().path("conditions").get(1).path("status").asText()).isEqualTo("False");
    }
}
