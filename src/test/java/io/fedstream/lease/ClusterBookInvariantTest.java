package io.fedstream.lease;

import static io.fedstream.lease.ClusterBookTest.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.LeaseBookChunk;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Thousands of random sequences of requests (with give-backs of any size, of buckets counted or not), views (READY or
 * not, with more or less room) and expiries on one cluster's book. After every step: what a step grants fits the room
 * the cluster had for it, no chunk holds a negative or zero amount, no task is granted more than it wanted; at the end,
 * a view with room for everything grants every unmet want.
 */
class ClusterBookInvariantTest {

    private static final List<String> RESOURCES = List.of("cpu", "memory", "pods");
    /** The terms of {@link ClusterBookTest#SETTINGS} with offers at the cluster's first view. */
    private static final LeaseSettings SETTINGS = new LeaseSettings(ClusterBookTest.SETTINGS.bucket(), ClusterBookTest.SETTINGS.ttl(),
            ClusterBookTest.SETTINGS.headroomMax(), ClusterBookTest.SETTINGS.partitions(), new java.math.BigDecimal("0.25"));

    @Test
    void grantsNeverExceedTheFreeRoomNorTheWantsAndEveryUnmetWantIsGrantedOnceRoomFrees() {
        long granted = 0;
        long leftUnmet = 0;
        long offers = 0;
        for (int seed = 0; seed < 1_000; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            ClusterBook book = ClusterBook.empty("member1", SETTINGS);
            Map<Integer, Resources> owed = new HashMap<>();
            ClusterView view = null;
            long now = T0;
            long sequence = 0;
            for (int step = 0; step < 80; step++) {
                now += random.nextLong(8_000);
                String seen = "seed " + seed + " step " + step;
                List<LeaseGrant> grants;
                int kind = random.nextInt(10);
                if (kind < 6) {
                    int partition = random.nextInt(SETTINGS.partitions());
                    Resources want = randomRoom(random, 20);
                    Resources least = Room.min(randomRoom(random, 6), want);
                    List<GiveBack> backs = new ArrayList<>();
                    for (int i = random.nextInt(3); i > 0; i--) {
                        backs.add(new GiveBack(SETTINGS.bucketOf(now) - random.nextInt(12), randomRoom(random, 15)));
                    }
                    grants = book.ask(new ParsedRequest(partition, sequence++, want, least, backs, false, 0), now);
                    owed.put(partition, want);
                    assertThat(grants.get(0).getPartition()).as(seen).isEqualTo(partition);
                } else if (kind < 9) {
                    boolean firstSight = view == null;
                    view = new ClusterView(random.nextInt(5) == 0 ? ClusterState.SUSPECT : ClusterState.READY, null,
                            Resources.of(Map.of("cpu", 40L, "memory", 60L, "pods", 30L)), randomRoom(random, 30));
                    if (view.state() != ClusterState.READY) {
                        view = new ClusterView(view.state(), "not ready", view.allocatable(), view.allocated());
                    }
                    grants = book.see(view, now);
                    if (firstSight) {
                        // The first view offers room to the tasks that wait for none: count it as wanted; the room is checked below.
                        for (LeaseGrant grant : grants) {
                            if (grant.getAnswers() == null && Room.none(owed.getOrDefault(grant.getPartition(), Resources.NONE))) {
                                owed.put(grant.getPartition(), Resources.fromQuantities(grant.getGranted()));
                                offers++;
                            }
                        }
                    }
                } else {
                    grants = book.expire(now);
                }
                Resources grantedNow = Resources.NONE;
                for (LeaseGrant grant : grants) {
                    Resources share = Resources.fromQuantities(grant.getGranted());
                    grantedNow = grantedNow.plus(share);
                    Resources rest = Room.less(owed.getOrDefault(grant.getPartition(), Resources.NONE), share);
                    assertThat(Room.covers(owed.getOrDefault(grant.getPartition(), Resources.NONE), share))
                            .as("%s: granted %s beyond the want of %s", seen, share, grant.getPartition()).isTrue();
                    owed.put(grant.getPartition(), rest);
                    granted += Room.none(share) ? 0 : 1;
                }
                if (!Room.none(grantedNow)) {
                    assertThat(view).as(seen).isNotNull();
                    for (String resource : grantedNow.amounts().keySet()) {
                        // Pods the heartbeats report beyond the level beneath the chunks run under them: counted once.
                        assertThat(book.base().get(resource) + book.counted().get(resource)).as("%s: %s counted beyond the room", seen, resource)
                                .isLessThanOrEqualTo(view.allocatable().get(resource));
                    }
                }
                if (view != null) {
                    for (String resource : book.base().amounts().keySet()) {
                        assertThat(book.base().get(resource)).as("%s: %s beneath the chunks beyond what the cluster runs", seen, resource)
                                .isLessThanOrEqualTo(view.allocated().get(resource));
                    }
                }
                for (LeaseBookChunk chunk : book.toStored().getChunks()) {
                    assertThat(Resources.fromQuantities(chunk.getCounted()).amounts().values()).as(seen).isNotEmpty().allMatch(a -> a > 0);
                }
            }
            for (int partition = 0; partition < SETTINGS.partitions(); partition++) {
                leftUnmet += Room.none(book.unmetFor(partition)) ? 0 : 1;
            }
            book.see(new ClusterView(ClusterState.READY, null, Resources.of(Map.of("cpu", 10_000L, "memory", 10_000L, "pods", 10_000L)),
                    Resources.NONE), now + 1);
            for (int partition = 0; partition < SETTINGS.partitions(); partition++) {
                assertThat(book.unmetFor(partition)).as("seed %s: partition %s still waits", seed, partition).isEqualTo(Resources.NONE);
            }
        }
        // The generator must grant often and leave wants unmet often, or the checks prove little.
        assertThat(granted).isGreaterThan(10_000);
        assertThat(leftUnmet).isGreaterThan(500);
        assertThat(offers).isGreaterThan(1_000);
    }

    private static Resources randomRoom(SplittableRandom random, int most) {
        Resources.Builder room = new Resources.Builder(RESOURCES.size());
        for (String resource : RESOURCES) {
            if (random.nextInt(3) > 0) {
                room.add(resource, random.nextInt(most + 1));
            }
        }
        return Room.positive(room.build());
    }
}
