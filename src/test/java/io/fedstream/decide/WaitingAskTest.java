package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.lease.LeaseSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An ask of the room a namespace task holds is answered, or waits for its cluster's grant: no time makes the task ask
 * again, only a start of the task (its asks waiting in memory lost) asks it again, once, and an ask the workload no
 * longer needs is withdrawn.
 *
 * <p>With {@code topic.partitions} 2, cluster {@code far-1} belongs to the allocator of partition 1 (murmur2), which
 * TopologyTestDriver (one partition per topic) does not run: the allocator it runs dead-letters every request for
 * {@code far-1}, so the task's ask waits until the test writes the grant itself. Namespace {@code team-a} and the other
 * clusters are partition 0's.
 */
class WaitingAskTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final Map<String, String> TWO_PARTITIONS = Map.of("topic.partitions", "2");

    @Test
    void nothingIsAskedAgainAfterThirtySecondsWithNoInputAndTheGrantAnswersTheAskAtOnce() {
        aWorkloadWhoseAskWaitsForFar1sGrant();
        int decided = fleet.decisions(WEB).size();
        for (int s = 0; s < 31; s++) {
            fleet.tick(Duration.ofSeconds(1));
        }

        assertThat(fleet.changelog(Workloads.STORE)).as("no decision made again: the workload's record is not written").isEmpty();
        assertThat(fleet.decisions(WEB)).hasSize(decided);
        assertThat(fleet.placement(WEB)).isNull();

        fleet.leaseGrant(grant());

        assertThat(fleet.placement(WEB)).as("placed by the grant, no time passing").isEqualTo("far-1");
        assertThat(placed()).hasSize(1);
    }

    @Test
    void aTaskStartedAgainWithTheAskWaitingAsksItOnceAndTheGrantAnswersIt() {
        aWorkloadWhoseAskWaitsForFar1sGrant();
        fleet = fleet.restarted();
        fleet.leaseGrant(grant());

        assertThat(fleet.placement(WEB)).as("the ask, asked again when the task started, is answered by the grant").isEqualTo("far-1");
        assertThat(fleet.workload(WEB).getHoldings()).as("one ask held once").hasSize(1);
        fleet.changelog(Workloads.STORE);
        for (int s = 0; s < 31; s++) {
            fleet.tick(Duration.ofSeconds(1));
        }
        assertThat(fleet.changelog(Workloads.STORE)).as("asked once: nothing after").isEmpty();
        assertThat(placed()).hasSize(1);
        assertThat(fleet.workload(WEB).getHoldings()).hasSize(1);
    }

    @Test
    void aNewVersionWithdrawsTheAskOfTheOneBeforeAndAsksForItself() {
        aWorkloadWhoseAskWaitsForFar1sGrant();
        fleet.deployment("team-a", "web", 3, "1");

        assertThat(fleet.workload(WEB).getPlacement().getPending().getGeneration()).as("asks for the new version").isEqualTo(2);
        fleet.leaseGrant(grant());

        assertThat(fleet.placement(WEB)).isEqualTo("far-1");
        assertThat(fleet.workload(WEB).getHoldings()).singleElement().satisfies(held -> {
            assertThat(held.getRequestId()).as("the new version's ask, not the one before").isEqualTo(Placing.requestId(WEB, 2, 0));
            assertThat(held.getPods().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3);
        });
    }

    /**
     * dc-1 fails and its workload's move asks far-1, the only survivor with room; dc-1 comes back before far-1's grant:
     * the move is needed no more, so the grant issues nothing.
     */
    @Test
    void aMoveWhoseClusterComesBackBeforeTheGrantIsWithdrawn() {
        fleet = new FleetDriver(stateDir, TWO_PARTITIONS).cluster("dc-1", "64", "256Gi").cluster("far-1", "16", "256Gi")
                .cluster("dc-2", "1", "256Gi").advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");

        fleet.leaseRequests();

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        assertThat(fleet.stateChanges("dc-1")).contains("FAILED");
        assertThat(fleet.leaseRequests()).as("the move asks far-1's room").anySatisfy(request -> assertThat(request.key()).isEqualTo("far-1"));
        assertThat(fleet.commandsFor(WEB)).as("and waits for its grant").isEmpty();

        fleet.cluster("dc-1", "64", "256Gi").advance(Duration.ofSeconds(10));
        assertThat(fleet.states.stream().filter(state -> state.getCluster().equals("dc-1")).reduce((first, then) -> then).orElseThrow()
                .getState()).as("dc-1 back").isEqualTo(ClusterState.READY);
        fleet.leaseGrant(grant());

        assertThat(fleet.commandsFor(WEB)).as("no move once dc-1 is back").isEmpty();
        assertThat(fleet.placement(WEB)).isEqualTo("dc-1");
        assertThat(fleet.workload(WEB).getHoldings()).noneSatisfy(held -> assertThat(held.getCluster()).isEqualTo("far-1"));
    }

    private void aWorkloadWhoseAskWaitsForFar1sGrant() {
        fleet = new FleetDriver(stateDir, TWO_PARTITIONS).cluster("far-1", "8", "64Gi").advance(Duration.ofSeconds(1));
        fleet.deployment("team-a", "web", 2, "1");

        assertThat(fleet.workload(WEB).getPlacement().getPending().getCandidates()).as("asks far-1's room").containsExactly("far-1");
        assertThat(fleet.deadLetters).as("far-1's request, on the partition of an allocator that does not own it").isNotEmpty();
        assertThat(fleet.placement(WEB)).isNull();
        fleet.changelog(Workloads.STORE);
    }

    private List<AuditEvent> placed() {
        return fleet.audit.stream().filter(event -> WEB.equals(event.getWorkloadKey()) && "PLACED".equals(event.getDecision())).toList();
    }

    /** Room for the workload on far-1, unasked, as its allocator sends room freed for an unmet want. */
    private LeaseGrant grant() {
        LeaseSettings settings = LeaseSettings.defaults(2);
        long bucket = settings.bucketOf(fleet.now().toEpochMilli());
        return LeaseGrant.newBuilder()
                .setCluster("far-1")
                .setPartition(0)
                .setBucket(bucket)
                .setGranted(Map.of("cpu", "4", "memory", "8Gi"))
                .setCountedUntil(Instant.ofEpochMilli(settings.countedUntil(bucket)))
                .setUsableUntil(Instant.ofEpochMilli(settings.usableUntil(bucket)))
                .setFree(Map.of("cpu", "4", "memory", "56Gi"))
                .setUnmet(Map.of())
                .setUnmetLeast(Map.of())
                .setClusterState(ClusterState.READY)
                .setWhy(null)
                .setReclaim(false)
                .setReclaiming(false)
                .setAnswers(null)
                .setGrantedAt(fleet.now())
                .build();
    }
}
