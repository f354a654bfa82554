package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The first placement after a start, with lease offers: each cluster's allocator offers room at the cluster's first
 * view, so the first workload is placed in the processing that admits it, with no lease request and grant between.
 * One partition, so that the task here is the only one offered room.
 */
class FirstPlacementStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final Map<String, String> OFFERS = Map.of("topic.partitions", "1", "lease.offer.share", "0.25");

    @Test
    void theFirstWorkloadIsPlacedIntoTheOfferedRoomWithNoLeaseRoundTrip() {
        fleet = new FleetDriver(stateDir, OFFERS).cluster("dc-1", "8", "64Gi").cluster("dc-2", "16", "64Gi").advance(Duration.ofSeconds(1));
        assertThat(fleet.leaseRequests()).as("no task asked: the room was offered").isEmpty();

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.binding(WEB).getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.decisions(WEB)).as("placed in the processing that admitted it, not after a grant").containsExactly("PLACED");
        assertThat(fleet.published).as("one binding, placed").singleElement()
                .satisfies(record -> assertThat(record.value().getPlacement().getClusters().get(0).getName()).isEqualTo("dc-2"));
    }

    @Test
    void withoutOffersTheSameWorkloadWaitsForAGrant() {
        fleet = new FleetDriver(stateDir, Map.of("topic.partitions", "1")).cluster("dc-1", "8", "64Gi").cluster("dc-2", "16", "64Gi")
                .advance(Duration.ofSeconds(1));

        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
        assertThat(fleet.decisions(WEB)).as("admitted, then placed once the grant came").containsExactly("ADMITTED", "PLACED");
    }
}
