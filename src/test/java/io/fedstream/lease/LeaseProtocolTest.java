package io.fedstream.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.StoredLease;
import io.fedstream.interpret.Resources;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The whole protocol, pure: several namespace tasks and one cluster's allocator exchange requests and grants through
 * ordered queues, in random interleavings, while workloads arrive, are placed, leave, and the cluster's heartbeats
 * report the pods late (by up to half the TTL, the bound the terms assume). After every step the pods running on the
 * cluster fit its allocatable; at the end, once what runs and waits fits the cluster, every waiting workload is placed.
 */
class LeaseProtocolTest {

    /** With offers at the cluster's first view, so that the runs check them too. */
    private static final LeaseSettings SETTINGS = new LeaseSettings(Duration.ofSeconds(10), Duration.ofSeconds(60),
            new BigDecimal("0.25"), 4, new BigDecimal("0.25"));
    private static final long T0 = 1_800_000_000_000L;
    private static final Resources ALLOCATABLE = Resources.of(Map.of("cpu", 40L, "memory", 64L, "pods", 30L));
    private static final String CLUSTER = "member1";

    @Test
    void runningPodsNeverOverfillTheClusterAndEveryWaitingWorkloadIsPlacedOnceItFits() {
        long placed = 0;
        long waitedForRoom = 0;
        long reclaims = 0;
        for (int seed = 0; seed < 300; seed++) {
            Run run = new Run(seed);
            run.churn(300);
            run.settle();
            placed += run.placedCount;
            waitedForRoom += run.refusedTakes;
            reclaims += run.reclaims;
        }
        // The generator must place a lot, run short of room often and make the allocator reclaim, or this proves little.
        assertThat(placed).isGreaterThan(10_000);
        assertThat(waitedForRoom).isGreaterThan(20_000);
        assertThat(reclaims).isGreaterThan(1_000);
    }

    @Test
    void aTaskLeftShortIsToldNoMoreRoomIsComingOnceTheTasksAskedForRoomBackHaveAnswered() {
        long toldShort = 0;
        for (int seed = 0; seed < 300; seed++) {
            Run run = new Run(seed);
            run.churn(300);
            run.quiesce();
            for (Run.Task task : run.tasks) {
                if (!Room.none(run.book.unmetFor(task.partition))) {
                    // What LeasedRoom waits on: a grant saying reclaiming keeps a workload waiting, so the last one must not.
                    assertThat(task.lastHeard).as("seed %s, task %s: left short; book %s", run.seedInfo(), task.partition, run.book.toStored())
                            .isNotNull()
                            .satisfies(grant -> assertThat(grant.getReclaiming()).as("seed %s, task %s still hears more may come; book %s",
                                    run.seedInfo(), task.partition, run.book.toStored()).isFalse());
                    toldShort++;
                }
            }
        }
        // Runs must end with tasks left short, or this proves little.
        assertThat(toldShort).isGreaterThan(100);
    }

    /** One random run. */
    private static final class Run {

        private final int seed;
        private final SplittableRandom random;
        private final long heartbeatDelay;
        private final ClusterBook book = ClusterBook.empty(CLUSTER, SETTINGS);
        private final Deque<LeaseRequest> toAllocator = new ArrayDeque<>();
        private final List<Task> tasks = new ArrayList<>();
        /** Running pods' total after each change, by time: what a heartbeat reports, late. */
        private final TreeMap<Long, Resources> runningAt = new TreeMap<>();
        private Resources running = Resources.NONE;
        private long now = T0;
        private long nextExpiry = T0 + 10_000;
        private long nextHeartbeat = T0;
        private int nextWorkload;
        long placedCount;
        long refusedTakes;
        long reclaims;

        Run(int seed) {
            this.seed = seed;
            random = new SplittableRandom(seed);
            heartbeatDelay = random.nextLong(SETTINGS.ttl().toMillis() / 2 + 1);
            for (int partition = 0; partition < SETTINGS.partitions(); partition++) {
                tasks.add(new Task(partition));
            }
            runningAt.put(Long.MIN_VALUE, Resources.NONE);
        }

        void churn(int steps) {
            for (int i = 0; i < steps; i++) {
                step(true);
            }
        }

        /** No arrivals or departures, and the waiting workloads keep waiting, while the tasks and the allocator take their turns. */
        void quiesce() {
            for (int i = 0; i < 20; i++) {
                step(false);
            }
        }

        /** No arrivals or departures; waiting workloads beyond what the cluster can hold are withdrawn, then time passes. */
        void settle() {
            Resources demand = running;
            for (Task task : tasks) {
                for (Workload workload : new ArrayList<>(task.waiting)) {
                    if (Room.covers(ALLOCATABLE, Room.plus(demand, workload.demand))) {
                        demand = Room.plus(demand, workload.demand);
                    } else {
                        task.waiting.remove(workload);
                    }
                }
            }
            long until = now + 6 * SETTINGS.ttl().toMillis();
            while (now < until) {
                step(false);
            }
            for (Task task : tasks) {
                assertThat(task.waiting).as("seed %s, task %s: waiting workloads left though they fit; running %s; lease %s; book %s",
                                seedInfo(), task.partition, running, task.store.leases, book.toStored())
                        .isEmpty();
            }
        }

        private void step(boolean churn) {
            now += random.nextLong(2_000);
            if (now >= nextHeartbeat) {
                Resources reported = runningAt.floorEntry(now - heartbeatDelay).getValue();
                deliver(book.see(new ClusterView(ClusterState.READY, null, ALLOCATABLE, reported), now));
                nextHeartbeat = now + 5_000;
            }
            if (now >= nextExpiry) {
                deliver(book.expire(now));
                nextExpiry += SETTINGS.bucket().toMillis();
            }
            if (churn) {
                Task task = tasks.get(random.nextInt(tasks.size()));
                if (random.nextInt(3) == 0) {
                    task.waiting.add(new Workload(nextWorkload++, Resources.of(Map.of("cpu", 1 + random.nextLong(6),
                            "memory", 1 + random.nextLong(8), "pods", 1 + random.nextLong(3)))));
                }
                if (!task.placed.isEmpty() && random.nextInt(5) == 0) {
                    task.leave(task.placed.keySet().stream().skip(random.nextInt(task.placed.size())).findFirst().orElseThrow());
                }
            }
            // Every task and the allocator take turns in a random order; each takes in what reached it so far.
            for (Task task : tasks) {
                if (!churn || random.nextBoolean()) {
                    task.process();
                }
            }
            int answered = churn ? random.nextInt(toAllocator.size() + 1) : toAllocator.size();
            for (int i = 0; i < answered; i++) {
                LeaseRequest request = toAllocator.poll();
                deliver(book.ask(ParsedRequest.parse(CLUSTER, request, SETTINGS, now), now));
            }
            assertThat(Room.covers(ALLOCATABLE, running)).as("seed %s at %s: running %s over allocatable %s", seedInfo(), now, running,
                    ALLOCATABLE).isTrue();
            for (Task task : tasks) {
                task.checkHeldRoom();
            }
        }

        private void deliver(List<LeaseGrant> grants) {
            for (LeaseGrant grant : grants) {
                tasks.get(grant.getPartition()).grants.add(grant);
                if (grant.getReclaim()) {
                    reclaims++;
                }
            }
        }

        private String seedInfo() {
            return seed + " (heartbeats " + heartbeatDelay + " ms late)";
        }

        private void run(Resources change) {
            running = Room.positive(running.plus(change));
            runningAt.put(now, running);
        }

        record Workload(int id, Resources demand) {
        }

        /** A namespace task: its waiting workloads in order, the placed ones with the bucket each was taken from. */
        private final class Task {
            final int partition;
            final MapLeaseStore store = new MapLeaseStore();
            final TaskLeases leases;
            final Deque<LeaseGrant> grants = new ArrayDeque<>();
            LeaseGrant lastHeard;
            final List<Workload> waiting = new ArrayList<>();
            final Map<Workload, Long> placed = new TreeMap<>((a, b) -> Integer.compare(a.id(), b.id()));

            Task(int partition) {
                this.partition = partition;
                this.leases = new TaskLeases(partition, SETTINGS, store);
            }

            void process() {
                while (!grants.isEmpty()) {
                    lastHeard = grants.poll();
                    leases.granted(lastHeard, now);
                }
                while (!waiting.isEmpty()) {
                    Workload first = waiting.get(0);
                    OptionalLong bucket = leases.take(CLUSTER, first.demand(), now);
                    if (bucket.isEmpty()) {
                        refusedTakes++;
                        break;
                    }
                    waiting.remove(0);
                    placed.put(first, bucket.getAsLong());
                    placedCount++;
                    run(first.demand());
                }
                Resources total = waiting.stream().map(Workload::demand).reduce(Resources.NONE, Resources::plus);
                leases.want(CLUSTER, waiting.isEmpty() ? Need.NONE : new Need(total, waiting.get(0).demand()));
                toAllocator.addAll(leases.requests(now));
            }

            void leave(Workload workload) {
                long bucket = placed.remove(workload);
                leases.release(CLUSTER, bucket, workload.demand(), now);
                run(workload.demand().times(-1));
            }

            /** The room a task holds never exceeds what was granted into its chunk. */
            void checkHeldRoom() {
                StoredLease stored = store.leases.get(CLUSTER);
                if (stored != null && stored.getCurrent() != null) {
                    Resources granted = Resources.fromQuantities(stored.getCurrent().getGranted());
                    Resources left = Resources.fromQuantities(stored.getCurrent().getLeft());
                    assertThat(Room.covers(granted, left)).as("task %s holds %s of %s granted", partition, left, granted).isTrue();
                }
            }
        }
    }
}
