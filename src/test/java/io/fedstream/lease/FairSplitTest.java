package io.fedstream.lease;

import static io.fedstream.lease.Rooms.room;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FairSplitTest {

    private static final List<String> RESOURCES = List.of("cpu", "memory", "pods");

    @Test
    void roomThatHoldsEveryWantGrantsEachItsWant() {
        Map<Integer, Resources> shares = FairSplit.split(room("cpu", "10", "memory", "10Gi"), List.of(
                new FairSplit.Claim(3, room("cpu", "4", "memory", "2Gi"), room("cpu", "1")),
                new FairSplit.Claim(1, room("cpu", "6"), Resources.NONE)));

        assertThat(shares).containsExactly(Map.entry(3, room("cpu", "4", "memory", "2Gi")), Map.entry(1, room("cpu", "6")));
    }

    @Test
    void scarceRoomIsSplitInProportionToTheWantsPerResourceByLargestRemainder() {
        // 10 cpu for wants of 12, 6 and 2 (20): exact shares 6, 3, 1; 7 memory units for 4 and 6: 2.8 and 4.2, so 3 and 4.
        Map<Integer, Resources> shares = FairSplit.split(room("cpu", "10", "memory", "7"), List.of(
                new FairSplit.Claim(0, room("cpu", "12", "memory", "4"), Resources.NONE),
                new FairSplit.Claim(1, room("cpu", "6", "memory", "6"), Resources.NONE),
                new FairSplit.Claim(2, room("cpu", "2"), Resources.NONE)));

        assertThat(shares).containsExactly(
                Map.entry(0, room("cpu", "6", "memory", "3")),
                Map.entry(1, room("cpu", "3", "memory", "4")),
                Map.entry(2, room("cpu", "1")));
    }

    @Test
    void aTaskWhoseShareCouldPlaceNothingGetsNoneAndTheOthersShareItsPart() {
        // 8 cpu for wants of 8 and 8: 4 each, but the first can use no less than 6.
        Map<Integer, Resources> shares = FairSplit.split(room("cpu", "8"), List.of(
                new FairSplit.Claim(0, room("cpu", "8"), room("cpu", "6")),
                new FairSplit.Claim(1, room("cpu", "8"), room("cpu", "2"))));

        assertThat(shares).containsExactly(Map.entry(1, room("cpu", "8")));
    }

    @Test
    void whenNoShareReachesItsLeastTheLongestWaitingTaskThatFitsGetsWhatTheRoomHas() {
        // Shares of 4 each; every least is 5: split evenly, nobody could place anything.
        Map<Integer, Resources> shares = FairSplit.split(room("cpu", "8"), List.of(
                new FairSplit.Claim(2, room("cpu", "10"), room("cpu", "9")),
                new FairSplit.Claim(0, room("cpu", "10"), room("cpu", "5")),
                new FairSplit.Claim(1, room("cpu", "10"), room("cpu", "5"))));

        assertThat(shares).as("claim 2 waits longest but its least does not fit").containsExactly(Map.entry(0, room("cpu", "8")));
    }

    @Test
    void noRoomGrantsNothing() {
        assertThat(FairSplit.split(Resources.NONE, List.of(new FairSplit.Claim(0, room("cpu", "1"), Resources.NONE)))).isEmpty();
    }

    /**
     * Random rooms and claims: the shares never add up to more than the room, none exceeds its want, none that is
     * granted falls short of its least, a room that holds every want grants them all, and a room that holds some
     * task's least always serves somebody.
     */
    @Test
    void sharesStayWithinRoomAndWantsAndServeSomebodyWheneverALeastFits() {
        int scarce = 0;
        int starvedSomeone = 0;
        for (int seed = 0; seed < 5_000; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Resources free = randomRoom(random, 40);
            List<FairSplit.Claim> claims = new ArrayList<>();
            int count = 1 + random.nextInt(6);
            for (int partition = 0; partition < count; partition++) {
                Resources want = randomRoom(random, 30);
                Resources least = Room.min(randomRoom(random, 12), want);
                claims.add(new FairSplit.Claim(partition, want, least));
            }
            Map<Integer, Resources> shares = FairSplit.split(free, claims);
            String seen = "seed " + seed + ": free " + free + ", claims " + claims + ", shares " + shares;

            Resources total = Resources.NONE;
            for (Resources share : shares.values()) {
                total = total.plus(share);
            }
            assertThat(Room.covers(free, total)).as(seen).isTrue();
            for (FairSplit.Claim claim : claims) {
                Resources share = shares.getOrDefault(claim.partition(), Resources.NONE);
                assertThat(Room.covers(claim.want(), share)).as(seen).isTrue();
                if (!Room.none(share)) {
                    assertThat(Room.covers(share, claim.least())).as(seen).isTrue();
                }
            }
            Resources wants = claims.stream().map(FairSplit.Claim::want).reduce(Resources.NONE, Resources::plus);
            if (Room.covers(free, wants)) {
                claims.forEach(claim -> assertThat(shares.getOrDefault(claim.partition(), Resources.NONE)).as(seen).isEqualTo(claim.want()));
            } else {
                scarce++;
                if (shares.size() < claims.size()) {
                    starvedSomeone++;
                }
            }
            boolean someLeastFits = claims.stream().anyMatch(c -> Room.covers(free, c.least()) && !Room.none(Room.min(c.want(), free)));
            if (someLeastFits) {
                assertThat(shares).as(seen).isNotEmpty();
            }
        }
        // The generator must make room scarce and leave some claims out often, or the checks prove little.
        assertThat(scarce).isGreaterThan(1_000);
        assertThat(starvedSomeone).isGreaterThan(200);
    }

    private static Resources randomRoom(SplittableRandom random, int most) {
        Resources.Builder room = new Resources.Builder(RESOURCES.size());
        for (String resource : RESOURCES) {
            if (random.nextInt(4) > 0) {
                room.add(resource, random.nextInt(most + 1));
            }
        }
        return Room.positive(room.build());
    }
}
