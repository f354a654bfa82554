package io.fedstream.lease;

import static io.fedstream.lease.ClusterBookTest.BUCKET;
import static io.fedstream.lease.ClusterBookTest.SETTINGS;
import static io.fedstream.lease.ClusterBookTest.T0;
import static io.fedstream.lease.Rooms.quantities;
import static io.fedstream.lease.Rooms.room;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.LeaseGiveBack;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TaskLeasesTest {

    private static final int PARTITION = 1;

    private final MapLeaseStore store = new MapLeaseStore();
    private final TaskLeases leases = new TaskLeases(PARTITION, SETTINGS, store);

    @Test
    void aTaskWithNothingWaitingAsksNothing() {
        leases.want("member1", Need.NONE);

        assertThat(leases.requests(T0)).isEmpty();
        assertThat(store.saves).isZero();
    }

    @Test
    void whatTheWaitingWorkloadsNeedIsAskedOnceAndThenPlacedWithNoRoundTrip() {
        leases.want("member1", new Need(room("cpu", "4"), room("cpu", "2")));

        assertThat(leases.requests(T0)).as("the need and three times it as headroom: nothing heard of the free room bounds it yet")
                .containsExactly(LeaseRequest.newBuilder()
                .setCluster("member1")
                .setPartition(PARTITION)
                .setSequence(0)
                .setWant(quantities("cpu", "16"))
                .setLeast(quantities("cpu", "2"))
                .setGiveBack(List.of())
                .setRequestedAt(Instant.ofEpochMilli(T0))
                .build());
        assertThat(leases.requests(T0 + 1)).as("one request outstanding").isEmpty();

        assertThat(leases.granted(grant(BUCKET, room("cpu", "4"), room("cpu", "8"), Resources.NONE, 0L), T0 + 2)).isTrue();
        assertThat(leases.take("member1", room("cpu", "2"), T0 + 3)).isEqualTo(OptionalLong.of(BUCKET));
        assertThat(leases.take("member1", room("cpu", "2"), T0 + 3)).isEqualTo(OptionalLong.of(BUCKET));
        assertThat(leases.take("member1", room("cpu", "1"), T0 + 3)).isEmpty();
        assertThat(leases.usable("member1", T0 + 3)).isEqualTo(Resources.NONE);
        assertThat(leases.steering("member1")).hasValue(new Steering(room("cpu", "8"), Resources.NONE, Resources.NONE, ClusterState.READY, null, T0 + 2));
    }

    @Test
    void headroomIsThreeTimesTheNeedAtMostAShareOfTheFreeRoomLastHeardOf() {
        leases.want("member1", new Need(room("cpu", "1"), room("cpu", "1")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "1"), room("cpu", "48", "memory", "24Gi"), Resources.NONE, 0L), T0);
        leases.take("member1", room("cpu", "1"), T0);

        leases.want("member1", new Need(room("cpu", "4", "memory", "1Gi"), room("cpu", "1")));

        assertThat(leases.requests(T0 + 1)).singleElement().satisfies(request -> {
            // cpu: 4 more, and min(4, 48 x 0.25 / 6 tasks) = 2 of headroom; memory: 1Gi more and min(1Gi, 1Gi) of headroom.
            assertThat(request.getWant()).isEqualTo(quantities("cpu", "6", "memory", "2Gi"));
            assertThat(request.getLeast()).isEqualTo(quantities("cpu", "1"));
        });
    }

    @Test
    void theTasksTogetherAskAtMostAQuarterOfTheFreeRoomAsHeadroom() {
        leases.want("member1", new Need(room("cpu", "1"), room("cpu", "1")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "1"), room("cpu", "60"), Resources.NONE, 0L), T0);
        leases.take("member1", room("cpu", "1"), T0);

        // A failover reaches all six tasks at once, each with its share of the moves: 10 cpu each, 60 in all.
        leases.want("member1", new Need(room("cpu", "10"), room("cpu", "1")));

        assertThat(leases.requests(T0 + 1)).as("10 and min(30, 60 x 0.25 / 6 tasks) = 2.5 of headroom: six such wants"
                        + " leave the free room's needs met, where a quarter each (15) would have asked 150 of 60")
                .extracting(LeaseRequest::getWant).containsExactly(quantities("cpu", "12500m"));
    }

    @Test
    void aTaskThatTookMoreSinceItsLastAnswerThanIsLeftAsksForThreeTimesItsPaceBeforeAnyWorkloadWaits() {
        leases.want("member1", new Need(room("cpu", "2"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "6"), room("cpu", "600"), Resources.NONE, 0L), T0);
        leases.want("member1", Need.NONE);

        leases.take("member1", room("cpu", "2"), T0);
        assertThat(leases.requests(T0)).as("4 left, 2 taken: room for another answer's time at this pace").isEmpty();
        leases.take("member1", room("cpu", "2"), T0);

        assertThat(leases.requests(T0 + 1)).as("2 left, 4 taken: three times the pace, within the task's share of the free room")
                .extracting(LeaseRequest::getWant, LeaseRequest::getLeast).containsExactly(tuple(quantities("cpu", "12"), Map.of()));
    }

    @Test
    void anAnswerThatLeavesTheWholeWantUnmetIsNotAskedAgainUntilTheNeedChanges() {
        leases.want("member1", new Need(room("cpu", "10"), room("cpu", "10")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, Resources.NONE, room("cpu", "48"), room("cpu", "40"), 0L), T0);

        assertThat(leases.requests(T0 + 1)).as("owed more than it would ask now that the free room is known: asks less")
                .extracting(LeaseRequest::getWant).containsExactly(quantities("cpu", "12"));
        leases.granted(grant(BUCKET, Resources.NONE, room("cpu", "48"), room("cpu", "12"), 1L), T0 + 2);

        assertThat(leases.requests(T0 + 3)).as("owed what it would ask: nothing to say").isEmpty();
        leases.want("member1", new Need(room("cpu", "11"), room("cpu", "10")));
        assertThat(leases.requests(T0 + 4)).as("a need of 11 is owed already").isEmpty();
        leases.want("member1", new Need(room("cpu", "13"), room("cpu", "10")));
        assertThat(leases.requests(T0 + 5)).extracting(LeaseRequest::getWant).containsExactly(quantities("cpu", "15"));
    }

    @Test
    void aNeedTheAllocatorOwesAlreadyIsNotAskedAgainButAGreaterOneIs() {
        leases.want("member1", new Need(room("cpu", "8"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "4"), Resources.NONE, room("cpu", "4"), 0L), T0 + 1);

        assertThat(leases.requests(T0 + 2)).isEmpty();

        leases.want("member1", new Need(room("cpu", "10"), room("cpu", "2")));
        assertThat(leases.requests(T0 + 3)).extracting(LeaseRequest::getSequence, LeaseRequest::getWant)
                .containsExactly(tuple(1L, quantities("cpu", "6")));
    }

    @Test
    void aNeedThatWentAwayWithdrawsWhatTheAllocatorStillOwes() {
        leases.want("member1", new Need(room("cpu", "8"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, Resources.NONE, Resources.NONE, room("cpu", "8"), 0L), T0 + 1);

        leases.want("member1", Need.NONE);

        assertThat(leases.requests(T0 + 2)).extracting(LeaseRequest::getWant, LeaseRequest::getLeast, LeaseRequest::getGiveBack)
                .containsExactly(tuple(Map.of(), Map.of(), List.of()));
    }

    @Test
    void aReclaimGivesBackWhatTheWaitingWorkloadsDoNotNeedAndAsksNoHeadroom() {
        leases.want("member1", new Need(room("cpu", "2"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "6"), room("cpu", "8"), Resources.NONE, 0L), T0);
        leases.want("member1", new Need(room("cpu", "3"), room("cpu", "3")));
        leases.take("member1", room("cpu", "1"), T0);

        leases.granted(reclaim(BUCKET), T0 + 1);

        assertThat(leases.requests(T0 + 1)).singleElement().satisfies(request -> {
            assertThat(request.getGiveBack()).containsExactly(new LeaseGiveBack(BUCKET, quantities("cpu", "2")));
            assertThat(request.getWant()).isEmpty();
            assertThat(request.getAnswersReclaim()).as("the allocator waits for this answer before telling others none will come").isTrue();
            assertThat(request.getReclaimNumber()).as("and counts it only for the reclaim it names").isEqualTo(RECLAIM);
        });
        assertThat(leases.usable("member1", T0 + 1)).isEqualTo(room("cpu", "3"));
        leases.granted(grant(BUCKET, Resources.NONE, Resources.NONE, Resources.NONE, 1L), T0 + 2);
        leases.want("member1", new Need(room("cpu", "9"), room("cpu", "9")));
        assertThat(leases.requests(T0 + 2)).as("answered once: the next request answers no reclaim").singleElement()
                .satisfies(request -> assertThat(request.getAnswersReclaim()).isFalse());
    }

    @Test
    void askedInANewerBucketForWaitingWorkloadsTheOlderChunksUnusedRoomGoesBackWithTheRequest() {
        leases.want("member1", new Need(room("cpu", "4"), room("cpu", "4")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "5"), Resources.NONE, Resources.NONE, 0L), T0);
        leases.take("member1", room("cpu", "4"), T0);
        leases.want("member1", new Need(room("cpu", "3"), room("cpu", "3")));

        List<LeaseRequest> asked = leases.requests(T0 + 10_000);
        assertThat(asked).as("asked in the next bucket: the 1 cpu left does not count, and the allocator may need it")
                .extracting(LeaseRequest::getWant).containsExactly(quantities("cpu", "3"));
        assertThat(asked).extracting(LeaseRequest::getGiveBack).containsExactly(List.of(new LeaseGiveBack(BUCKET, quantities("cpu", "1"))));
        assertThat(leases.take("member1", room("cpu", "1"), T0 + 10_000)).as("given back").isEmpty();
        leases.granted(grant(BUCKET + 1, room("cpu", "3"), Resources.NONE, Resources.NONE, 1L), T0 + 10_001);

        assertThat(leases.take("member1", room("cpu", "3"), T0 + 10_002)).isEqualTo(OptionalLong.of(BUCKET + 1));
        leases.want("member1", Need.NONE);
        assertThat(leases.requests(T0 + 10_003)).as("nothing more to give back").isEmpty();
    }

    @Test
    void aChunkNoLongerUsableIsGivenBackWhileTheAllocatorStillCountsIt() {
        leases.want("member1", new Need(room("cpu", "1"), room("cpu", "1")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "3"), Resources.NONE, Resources.NONE, 0L), T0);
        leases.take("member1", room("cpu", "1"), T0);
        leases.want("member1", Need.NONE);

        assertThat(leases.requests(T0 + 29_999)).isEmpty();
        assertThat(leases.take("member1", room("cpu", "1"), T0 + 30_000)).as("usable until bucket start + ttl/2").isEmpty();
        assertThat(leases.requests(T0 + 30_000)).extracting(LeaseRequest::getGiveBack)
                .containsExactly(List.of(new LeaseGiveBack(BUCKET, quantities("cpu", "2"))));
    }

    @Test
    void releasedRoomIsCreditedToTheCurrentChunkReturnedFromAnOlderOneAndDroppedOnceNotCounted() {
        leases.want("member1", new Need(room("cpu", "4"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "4"), Resources.NONE, Resources.NONE, 0L), T0);
        leases.take("member1", room("cpu", "2"), T0);
        leases.take("member1", room("cpu", "2"), T0);
        leases.want("member1", Need.NONE);

        leases.release("member1", BUCKET, room("cpu", "2"), T0 + 1);
        assertThat(leases.usable("member1", T0 + 1)).isEqualTo(room("cpu", "2"));
        leases.release("member1", BUCKET, room("cpu", "9"), T0 + 1);
        assertThat(leases.usable("member1", T0 + 1)).as("never more than was granted").isEqualTo(room("cpu", "4"));

        leases.release("member1", BUCKET - 3, room("cpu", "1"), T0 + 2);
        leases.release("member1", BUCKET - 7, room("cpu", "1"), T0 + 2);
        assertThat(leases.requests(T0 + 2)).extracting(LeaseRequest::getGiveBack).as("bucket - 7 ended 60 s ago: no longer counted")
                .containsExactly(List.of(new LeaseGiveBack(BUCKET - 3, quantities("cpu", "1"))));
        assertThatThrownBy(() -> leases.release("member1", BUCKET + 1, room("cpu", "1"), T0 + 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bucket " + (BUCKET + 1) + " was never granted");
    }

    @Test
    void anUnansweredRequestIsAskedAgainAfterTheAnswerTimeoutWithoutItsGiveBacks() {
        leases.release("member1", BUCKET, room("cpu", "1"), T0);
        leases.want("member1", new Need(room("cpu", "1"), room("cpu", "1")));
        assertThat(leases.requests(T0)).extracting(LeaseRequest::getGiveBack).containsExactly(List.of(new LeaseGiveBack(BUCKET,
                quantities("cpu", "1"))));

        assertThat(leases.requests(T0 + 29_999)).isEmpty();
        assertThat(leases.requests(T0 + 30_000)).extracting(LeaseRequest::getSequence, LeaseRequest::getWant, LeaseRequest::getGiveBack)
                .containsExactly(tuple(1L, quantities("cpu", "4"), List.of()));
    }

    @Test
    void theLeasesAreReadBackFromTheStoreWhenTheTaskStartsAgain() {
        leases.want("member1", new Need(room("cpu", "4"), room("cpu", "2")));
        leases.requests(T0);
        leases.granted(grant(BUCKET, room("cpu", "3"), room("cpu", "8"), room("cpu", "1"), 0L), T0);
        leases.take("member1", room("cpu", "2"), T0);
        leases.want("member1", new Need(room("cpu", "2"), room("cpu", "2")));
        leases.saveChanges();

        TaskLeases restarted = new TaskLeases(PARTITION, SETTINGS, store);

        assertThat(restarted.usable("member1", T0 + 1)).isEqualTo(room("cpu", "1"));
        assertThat(restarted.need("member1")).isEqualTo(new Need(room("cpu", "2"), room("cpu", "2")));
        assertThat(restarted.steering("member1")).isEqualTo(leases.steering("member1"));
        assertThat(restarted.requests(T0 + 1)).as("the allocator owes the 1 cpu beyond what is held").isEmpty();
    }

    @Test
    void aGrantForAnotherTaskAndATakeOfNothingAreRefused() {
        LeaseGrant other = grant(BUCKET, room("cpu", "1"), Resources.NONE, Resources.NONE, null);
        other.setPartition(2);

        assertThatThrownBy(() -> leases.granted(other, T0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a grant to partition 2 reached the task of partition 1");
        assertThatThrownBy(() -> leases.take("member1", Resources.NONE, T0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a workload that needs no room needs no lease");
    }

    static LeaseGrant grant(long bucket, Resources granted, Resources free, Resources unmet, Long answers) {
        return LeaseGrant.newBuilder()
                .setCluster("member1")
                .setPartition(PARTITION)
                .setBucket(bucket)
                .setGranted(granted.toQuantities())
                .setCountedUntil(Instant.ofEpochMilli(SETTINGS.countedUntil(bucket)))
                .setUsableUntil(Instant.ofEpochMilli(SETTINGS.usableUntil(bucket)))
                .setFree(free.toQuantities())
                .setUnmet(unmet.toQuantities())
                .setClusterState(ClusterState.READY)
                .setWhy(null)
                .setReclaim(false)
                .setAnswers(answers)
                .setGrantedAt(Instant.ofEpochMilli(T0))
                .build();
    }

    private static final long RECLAIM = 7;

    private static LeaseGrant reclaim(long bucket) {
        LeaseGrant grant = grant(bucket, Resources.NONE, Resources.NONE, Resources.NONE, null);
        grant.setReclaim(true);
        grant.setReclaimNumber(RECLAIM);
        return grant;
    }
}
