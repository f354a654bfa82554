package io.fedstream.lease;

import static io.fedstream.lease.Rooms.quantities;
import static io.fedstream.lease.Rooms.room;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.interpret.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterBookTest {

    /** 10 s buckets, counted 60 s after their end, usable 30 s after their start. */
    static final LeaseSettings SETTINGS = new LeaseSettings(Duration.ofSeconds(10), Duration.ofSeconds(60),
            new java.math.BigDecimal("0.25"), 6, java.math.BigDecimal.ZERO);
    /** The start of bucket 180,000,000. */
    static final long T0 = 1_800_000_000_000L;
    static final long BUCKET = T0 / 10_000;

    /** 16 cpu, 64Gi, 110 pods allocatable; 4 cpu, 16Gi, 10 pods allocated: 12 cpu, 48Gi, 100 pods of room. */
    static final ClusterView READY = new ClusterView(ClusterState.READY, null, room("cpu", "16", "memory", "64Gi", "pods", "110"),
            room("cpu", "4", "memory", "16Gi", "pods", "10"));

    private final ClusterBook book = ClusterBook.empty("member1", SETTINGS);

    @Test
    void aWantTheFreeRoomHoldsIsGrantedInFullInTheCurrentBucket() {
        book.see(READY, T0);

        List<LeaseGrant> grants = book.ask(ask(2, 0, room("cpu", "4", "memory", "8Gi", "pods", "2")), T0 + 1_500);

        assertThat(grants).containsExactly(LeaseGrant.newBuilder()
                .setCluster("member1")
                .setPartition(2)
                .setBucket(BUCKET)
                .setGranted(quantities("cpu", "4", "memory", "8Gi", "pods", "2"))
                .setCountedUntil(Instant.ofEpochMilli(T0 + 10_000 + 60_000))
                .setUsableUntil(Instant.ofEpochMilli(T0 + 30_000))
                .setFree(quantities("cpu", "8", "memory", "40Gi", "pods", "98"))
                .setUnmet(Map.of())
                .setClusterState(ClusterState.READY)
                .setWhy(null)
                .setReclaim(false)
                .setAnswers(0L)
                .setGrantedAt(Instant.ofEpochMilli(T0 + 1_500))
                .build());
    }

    @Test
    void theFirstViewOffersEveryTaskAnEqualPartOfTheOfferShareBeforeAnyoneAsksAndNeverBeyondTheRoom() {
        LeaseSettings offering = new LeaseSettings(Duration.ofSeconds(10), Duration.ofSeconds(60), new java.math.BigDecimal("0.25"), 6,
                new java.math.BigDecimal("0.25"));
        ClusterBook offered = ClusterBook.empty("member1", offering);
        // Partition 2 asked before the cluster's first view: it gets its want, the five others the offer.
        assertThat(offered.ask(ask(2, 0, room("cpu", "1")), T0).get(0).getGranted()).isEmpty();

        List<LeaseGrant> grants = offered.see(READY, T0 + 500);

        // A quarter of the 11 cpu, 48Gi and 100 pods left, in six parts, rounded down (pods to whole ones).
        assertThat(grants).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getAnswers).containsExactly(
                tuple(0, quantities("cpu", "458m", "memory", "2Gi", "pods", "4"), null),
                tuple(1, quantities("cpu", "458m", "memory", "2Gi", "pods", "4"), null),
                tuple(2, quantities("cpu", "1"), null),
                tuple(3, quantities("cpu", "458m", "memory", "2Gi", "pods", "4"), null),
                tuple(4, quantities("cpu", "458m", "memory", "2Gi", "pods", "4"), null),
                tuple(5, quantities("cpu", "458m", "memory", "2Gi", "pods", "4"), null));
        for (String resource : List.of("cpu", "memory", "pods")) {
            assertThat(offered.base().get(resource) + offered.counted().get(resource)).as(resource)
                    .isLessThanOrEqualTo(READY.allocatable().get(resource));
        }
        // Offers are made once, at the cluster's first view; later views grant only what is asked.
        assertThat(offered.see(READY, T0 + 1_500)).isEmpty();
    }

    @Test
    void aClusterFirstSeenNotReadyIsOfferedNothing() {
        ClusterBook offered = ClusterBook.empty("member1", new LeaseSettings(Duration.ofSeconds(10), Duration.ofSeconds(60),
                new java.math.BigDecimal("0.25"), 6, new java.math.BigDecimal("0.25")));

        assertThat(offered.see(new ClusterView(ClusterState.SUSPECT, "no heartbeat", READY.allocatable(), READY.allocated()), T0)).isEmpty();
        assertThat(offered.see(READY, T0 + 1_000)).isEmpty();
        assertThat(offered.counted()).isEqualTo(Resources.NONE);
    }

    @Test
    void aTaskPlacesIntoItsOfferWithNoRequestBeforeIt() {
        LeaseSettings offering = new LeaseSettings(Duration.ofSeconds(10), Duration.ofSeconds(60), new java.math.BigDecimal("0.25"), 6,
                new java.math.BigDecimal("0.25"));
        ClusterBook offered = ClusterBook.empty("member1", offering);
        TaskLeases task = new TaskLeases(4, offering, new MapLeaseStore());
        offered.see(READY, T0).stream().filter(grant -> grant.getPartition() == 4).forEach(grant -> task.granted(grant, T0 + 200));

        assertThat(task.take("member1", room("cpu", "250m", "memory", "1Gi", "pods", "1"), T0 + 300)).hasValue(BUCKET);
        assertThat(task.requests(T0 + 300)).as("no request went before the placement").isEmpty();
    }

    @Test
    void grantsOfOneBucketMergeIntoOneChunkAndANewBucketStartsAnother() {
        book.see(READY, T0);
        book.ask(ask(1, 0, room("cpu", "1")), T0);
        book.ask(ask(1, 1, room("cpu", "2")), T0 + 9_999);
        book.ask(ask(1, 2, room("cpu", "3")), T0 + 10_000);

        assertThat(book.toStored().getChunks()).extracting(c -> tuple(c.getPartition(), c.getBucket(), c.getCounted()))
                .containsExactly(tuple(1, BUCKET, quantities("cpu", "3")), tuple(1, BUCKET + 1, quantities("cpu", "3")));
        assertThat(book.free()).isEqualTo(room("cpu", "6", "memory", "48Gi", "pods", "100"));
    }

    @Test
    void aWantBeyondTheFreeRoomGetsWhatIsFreeWaitsForTheRestAndTheHoldersAreAskedOnceForRoomBack() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "8")), T0);

        List<LeaseGrant> grants = book.ask(ask(1, 0, room("cpu", "8")), T0 + 1_000);

        assertThat(grants).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getUnmet, LeaseGrant::getReclaim,
                        LeaseGrant::getAnswers)
                .containsExactly(tuple(1, quantities("cpu", "4"), quantities("cpu", "4"), false, 0L),
                        tuple(0, Map.of(), Map.of(), true, null));
        assertThat(book.ask(ask(1, 1, room("cpu", "4")), T0 + 2_000)).as("partition 0 was asked once already")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaim).containsExactly(tuple(1, false));
        assertThat(book.counted()).isEqualTo(room("cpu", "12"));
    }

    @Test
    void aTaskLeftShortHearsSoOnceEveryTaskAskedForRoomBackHasAnsweredWithWhatItCouldSpare() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "6")), T0);
        book.ask(ask(2, 0, room("cpu", "4")), T0);
        List<LeaseGrant> shortOfRoom = book.ask(ask(1, 0, room("cpu", "8")), T0 + 1_000);
        assertThat(shortOfRoom).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getReclaim, LeaseGrant::getReclaiming)
                .containsExactly(tuple(1, quantities("cpu", "2"), false, true), tuple(0, Map.of(), true, false), tuple(2, Map.of(), true, false));

        List<LeaseGrant> firstAnswer = book.ask(answer(0, 1, 1, new GiveBack(BUCKET, room("cpu", "1"))), T0 + 1_100);
        assertThat(firstAnswer).as("task 2 has not answered: more may come")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getReclaiming)
                .containsExactly(tuple(0, Map.of(), false), tuple(1, quantities("cpu", "1"), true));
        assertThat(book.ask(ask(1, 1, room("cpu", "5")), T0 + 1_150)).as("asking again changes nothing while task 2 is awaited")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming).containsExactly(tuple(1, true));

        List<LeaseGrant> lastAnswer = book.ask(answer(2, 1, 1), T0 + 1_200);

        assertThat(lastAnswer).as("the last answer spared nothing: task 1 hears that no more is coming, though nothing was granted")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getUnmet, LeaseGrant::getReclaiming)
                .containsExactly(tuple(2, Map.of(), Map.of(), false), tuple(1, Map.of(), quantities("cpu", "5"), false));
        assertThat(book.ask(ask(1, 2, room("cpu", "5")), T0 + 1_300)).as("nobody is asked twice while a want stays unmet")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaim, LeaseGrant::getReclaiming).containsExactly(tuple(1, false, false));
    }

    @Test
    void aRequestSentBeforeTheReclaimReachedItsTaskIsNoAnswerToIt() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);
        book.ask(ask(1, 0, room("cpu", "4")), T0 + 1_000);

        assertThat(book.ask(ask(0, 1, Resources.NONE), T0 + 1_100)).as("task 0 had not taken in the reclaim when it asked")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming).containsExactly(tuple(0, false));
        assertThat(book.ask(ask(1, 1, room("cpu", "4")), T0 + 1_150)).extracting(LeaseGrant::getReclaiming).containsExactly(true);
        assertThat(book.ask(answer(0, 2, 1, new GiveBack(BUCKET, room("cpu", "4"))), T0 + 1_200)).as("its answer gives task 1 its want: it is met")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getReclaiming)
                .containsExactly(tuple(0, Map.of(), false), tuple(1, quantities("cpu", "4"), false));
    }

    @Test
    void anAnswerToAnEarlierReclaimDoesNotCountForTheOneUnderWay() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);
        assertThat(book.ask(ask(1, 0, room("cpu", "4")), T0 + 1_000)).as("reclaim 1 asks task 0")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaim, LeaseGrant::getReclaimNumber)
                .containsExactly(tuple(1, false, 0L), tuple(0, true, 1L));
        // Task 1 no longer waits before task 0's answer comes in: every want is met, and reclaim 1 is over.
        book.ask(ask(1, 1, Resources.NONE), T0 + 1_100);
        assertThat(book.ask(ask(2, 0, room("cpu", "4")), T0 + 1_200)).as("reclaim 2 asks task 0 again")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming, LeaseGrant::getReclaim, LeaseGrant::getReclaimNumber)
                .containsExactly(tuple(2, true, false, 0L), tuple(0, false, true, 2L));

        assertThat(book.ask(answer(0, 1, 1), T0 + 1_300)).as("task 0 answered reclaim 1 before it took in reclaim 2")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming).containsExactly(tuple(0, false));
        assertThat(book.ask(ask(2, 1, room("cpu", "4")), T0 + 1_350)).as("task 2 still hears that more may come")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming).containsExactly(tuple(2, true));

        assertThat(book.ask(answer(0, 2, 2, new GiveBack(BUCKET, room("cpu", "4"))), T0 + 1_400)).as("its answer to reclaim 2 meets task 2")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getReclaiming)
                .containsExactly(tuple(0, Map.of(), false), tuple(2, quantities("cpu", "4"), false));
    }

    @Test
    void anAnswerOfATaskThatDoesNotNumberReclaimsCountsForTheOneUnderWay() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);
        book.ask(ask(1, 0, room("cpu", "4")), T0 + 1_000);

        assertThat(book.ask(answer(0, 1, 0), T0 + 1_100)).as("an earlier version's answer names no reclaim")
                .extracting(LeaseGrant::getPartition, LeaseGrant::getReclaiming).containsExactly(tuple(0, false), tuple(1, false));
    }

    @Test
    void roomGivenBackGoesToTheUnmetWantsInProportionToThem() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);
        book.ask(ask(1, 0, room("cpu", "6")), T0 + 1);
        book.ask(ask(2, 0, room("cpu", "3")), T0 + 2);

        List<LeaseGrant> grants = book.ask(new ParsedRequest(0, 1, Resources.NONE, Resources.NONE,
                List.of(new GiveBack(BUCKET, room("cpu", "6"))), false, 0), T0 + 3);

        assertThat(grants).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getUnmet, LeaseGrant::getAnswers)
                .containsExactly(tuple(0, Map.of(), Map.of(), 1L),
                        tuple(1, quantities("cpu", "4"), quantities("cpu", "2"), null),
                        tuple(2, quantities("cpu", "2"), quantities("cpu", "1"), null));
        assertThat(book.countedFor(0)).isEqualTo(room("cpu", "6"));
    }

    @Test
    void aChunkStopsBeingCountedAtItsBucketEndPlusTheTtlAndItsRoomGoesToTheUnmetWants() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0 + 5_000);
        book.ask(ask(3, 0, room("cpu", "5")), T0 + 6_000);
        long countedUntil = T0 + 70_000;

        assertThat(book.expire(countedUntil - 1)).isEmpty();
        assertThat(book.expire(countedUntil)).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getBucket)
                .containsExactly(tuple(3, quantities("cpu", "5"), BUCKET + 7));
        assertThat(book.countedFor(0)).isEqualTo(Resources.NONE);
    }

    @Test
    void aClusterThatIsNotReadyGrantsNothingSaysWhyKeepsTheWantAndGrantsItOnceReady() {
        book.see(new ClusterView(ClusterState.SUSPECT, "cluster member1 is SUSPECT (HeartbeatMissed)", READY.allocatable(),
                READY.allocated()), T0);

        assertThat(book.ask(ask(4, 7, room("cpu", "2")), T0)).singleElement().satisfies(answer -> {
            assertThat(answer.getGranted()).isEmpty();
            assertThat(answer.getUnmet()).isEqualTo(quantities("cpu", "2"));
            assertThat(answer.getClusterState()).isEqualTo(ClusterState.SUSPECT);
            assertThat(answer.getWhy()).isEqualTo("cluster member1 is SUSPECT (HeartbeatMissed)");
        });
        assertThat(book.see(READY, T0 + 20_000)).extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getAnswers,
                LeaseGrant::getWhy).containsExactly(tuple(4, quantities("cpu", "2"), null, null));
    }

    @Test
    void withoutAViewNothingIsGrantedUntilTheFirstComes() {
        assertThat(book.ask(ask(0, 0, room("cpu", "1")), T0)).extracting(LeaseGrant::getGranted, LeaseGrant::getClusterState,
                LeaseGrant::getWhy).containsExactly(tuple(Map.of(), null, "no view of cluster member1 yet"));
        assertThat(book.see(READY, T0 + 1)).extracting(LeaseGrant::getGranted).containsExactly(quantities("cpu", "1"));
    }

    @Test
    void aViewShowingMoreRoomGrantsTheUnmetWants() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "20")), T0);

        List<LeaseGrant> grants = book.see(new ClusterView(ClusterState.READY, null, room("cpu", "32"), room("cpu", "4")), T0 + 1);

        assertThat(grants).extracting(LeaseGrant::getGranted, LeaseGrant::getUnmet).containsExactly(tuple(quantities("cpu", "8"), Map.of()));
        assertThat(book.counted()).isEqualTo(room("cpu", "20"));
    }

    @Test
    void giveBacksNeverDriveAChunkBelowZeroAndThoseOfChunksNotCountedAreIgnored() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "3", "memory", "1Gi")), T0);

        book.ask(new ParsedRequest(0, 1, Resources.NONE, Resources.NONE, List.of(
                new GiveBack(BUCKET, room("cpu", "5")),
                new GiveBack(BUCKET - 1, room("cpu", "7"))), false, 0), T0 + 1);

        assertThat(book.countedFor(0)).isEqualTo(room("memory", "1Gi"));
        assertThat(book.free()).isEqualTo(room("cpu", "12", "memory", "47Gi", "pods", "100"));
    }

    @Test
    void podSlotsAreRoomWhenTheClusterReportsThem() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("pods", "90")), T0);

        assertThat(book.ask(ask(1, 0, room("cpu", "1", "pods", "20")), T0))
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getUnmet, LeaseGrant::getReclaim)
                .containsExactly(tuple(1, quantities("cpu", "1", "pods", "10"), quantities("pods", "10"), false),
                        tuple(0, Map.of(), Map.of(), true));
    }

    @Test
    void roomTheClusterDoesNotReportIsNeverGrantedAndAsksNobodyForRoomBack() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "1")), T0);

        assertThat(book.ask(ask(1, 0, room("cpu", "2", "nvidia.com/gpu", "1")), T0))
                .extracting(LeaseGrant::getPartition, LeaseGrant::getGranted, LeaseGrant::getUnmet, LeaseGrant::getReclaim)
                .containsExactly(tuple(1, quantities("cpu", "2"), quantities("nvidia.com/gpu", "1"), false));
    }

    /**
     * Issue 40's scale-up: 12 replicas of 1 cpu placed on a cluster with 15 cpu of room, then scaled to 24. The task
     * asks for the 12 more; the allocator grants the 3 that are free, never more than the cluster's room.
     */
    @Test
    void aScaleUpIsGrantedNoMoreThanTheRoomLeftBesidesThePodsTheWorkloadHolds() {
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "15"), Resources.NONE), T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);

        assertThat(book.ask(ask(0, 1, room("cpu", "12")), T0 + 60_000)).extracting(LeaseGrant::getGranted, LeaseGrant::getUnmet)
                .containsExactly(tuple(quantities("cpu", "3"), quantities("cpu", "9")));
        assertThat(book.counted()).isEqualTo(room("cpu", "15"));
    }

    @Test
    void podsTheHeartbeatsReportBeyondTheLevelBeneathTheChunksAreCountedOnceNotTwice() {
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "16"), room("cpu", "4")), T0);
        book.ask(ask(0, 0, room("cpu", "10")), T0);
        assertThat(book.free()).as("4 allocated, 10 leased").isEqualTo(room("cpu", "2"));

        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "16"), room("cpu", "10")), T0 + 2_000);
        assertThat(book.free()).as("the 6 pods placed into the chunk are running: counted by the heartbeats, not again by the chunk")
                .isEqualTo(room("cpu", "2"));
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "16"), room("cpu", "16")), T0 + 3_000);
        assertThat(book.free()).as("more running than leased: the heartbeats count it all").isEqualTo(Resources.NONE);
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "16"), room("cpu", "1")), T0 + 4_000);
        assertThat(book.free()).as("the cluster's own pods left: the chunk is counted on top of what remains").isEqualTo(room("cpu", "5"));
    }

    @Test
    void aChunkThatStopsBeingCountedLeavesWhatRunsUnderItToTheHeartbeatsAndTheOtherChunksCountedOnTop() {
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "20"), Resources.NONE), T0);
        book.ask(ask(0, 0, room("cpu", "6")), T0);
        book.see(new ClusterView(ClusterState.READY, null, room("cpu", "20"), room("cpu", "6")), T0 + 20_000);
        book.ask(ask(1, 0, room("cpu", "8")), T0 + 20_000);
        assertThat(book.free()).as("6 running under the first chunk, 8 leased since").isEqualTo(room("cpu", "6"));

        book.expire(T0 + 70_000);

        assertThat(book.base()).as("the first chunk's 6 running pods are the heartbeats' alone now").isEqualTo(room("cpu", "6"));
        assertThat(book.free()).as("the second chunk still counts on top: its pods have not started").isEqualTo(room("cpu", "6"));
    }

    @Test
    void theStoredBookDecidesAsTheBookItWasStoredFrom() {
        book.see(READY, T0);
        book.ask(ask(0, 0, room("cpu", "12")), T0);
        book.ask(ask(1, 0, room("cpu", "6"), room("cpu", "2")), T0 + 1);
        ClusterBook restored = ClusterBook.of(book.toStored(), SETTINGS);

        assertThat(restored.toStored()).isEqualTo(book.toStored());
        assertThat(restored.expire(T0 + 70_000)).isEqualTo(book.expire(T0 + 70_000));
    }

    static ParsedRequest ask(int partition, long sequence, Resources want) {
        return ask(partition, sequence, want, Resources.NONE);
    }

    static ParsedRequest ask(int partition, long sequence, Resources want, Resources least) {
        return new ParsedRequest(partition, sequence, want, least, List.of(), false, 0);
    }

    /** A request that wants nothing and answers reclaim {@code number}, giving {@code backs} back. */
    static ParsedRequest answer(int partition, long sequence, long number, GiveBack... backs) {
        return new ParsedRequest(partition, sequence, Resources.NONE, Resources.NONE, List.of(backs), true, number);
    }
}
