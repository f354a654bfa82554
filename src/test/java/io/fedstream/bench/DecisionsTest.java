package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionsTest {

    private static ResourceBinding binding(String name, InterpretationState interpretation, AdmissionState admission, String cluster) {
        return ResourceBinding.newBuilder()
                .setWorkloadKey("apps/Deployment/bench-000/" + name)
                .setApiVersion("apps/v1").setKind("Deployment").setNamespace("bench-000").setName(name)
                .setInterpretation(InterpretationStatus.newBuilder().setState(interpretation).build())
                .setAdmission(Admission.newBuilder().setState(admission).build())
                .setPlacement(cluster == null ? null
                        : Placement.newBuilder().setClusters(List.of(ClusterTarget.newBuilder().setName(cluster).build())).build())
                .setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH)
                .build();
    }

    @Test
    void aWorkloadCountsOnceWhenPlacedRejectedOrNotChargeableAndNotWhileItWaits() {
        FedstreamRound.Decisions decisions = new FedstreamRound.Decisions(4);

        decisions.offer(binding("a", InterpretationState.INTERPRETED, AdmissionState.ADMITTED, null), 100);
        decisions.offer(binding("b", InterpretationState.INTERPRETED, AdmissionState.PENDING, null), 110);
        assertThat(decisions.completions().count()).isZero();
        assertThat(decisions.undecided()).isEqualTo(2);

        decisions.offer(binding("a", InterpretationState.INTERPRETED, AdmissionState.ADMITTED, "member2"), 300);
        decisions.offer(binding("b", InterpretationState.INTERPRETED, AdmissionState.REJECTED, null), 200);
        decisions.offer(binding("c", InterpretationState.INVALID, AdmissionState.NOT_APPLICABLE, null), 250);
        decisions.offer(binding("d", InterpretationState.INTERPRETED, AdmissionState.ADMITTED, "member1"), 400);
        // A later binding of a decided workload (moved, say) is not a second decision.
        decisions.offer(binding("a", InterpretationState.INTERPRETED, AdmissionState.ADMITTED, "member3"), 500);

        assertThat(decisions.completions().isComplete()).isTrue();
        assertThat(decisions.undecided()).isZero();
        assertThat(decisions.placed()).isEqualTo(2);
        assertThat(decisions.rejected()).isEqualTo(1);
        assertThat(decisions.notChargeable()).isEqualTo(1);
        assertThat(decisions.firstPlaced()).isEqualTo(300);
        assertThat(decisions.completions().last()).isEqualTo(400);
    }
}
