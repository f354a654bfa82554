package io.fedstream.lease;

import io.fedstream.avro.LeaseCurrentChunk;
import io.fedstream.avro.LeaseGiveBack;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseHeard;
import io.fedstream.avro.LeasePendingGiveBack;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.StoredLease;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.QuantityFields;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What one namespace task holds, needs and asks on one cluster. It places only into its current chunk (the newest
 * usable one); a chunk's unused room goes back to the allocator once a newer chunk replaces it or it stops being
 * usable, and released room goes back to the chunk it was taken from (credited while that chunk is current, returned
 * while the allocator still counts it, else nothing: the heartbeats count the pods by then).
 */
final class ClusterLease {

    private final String cluster;
    private final LeaseSettings settings;
    private Chunk current;
    private final TreeMap<Long, Resources> giveBack = new TreeMap<>();
    private Need need = Need.NONE;
    private long nextSequence;
    private Long outstanding;
    private long outstandingSince;
    private boolean reclaim;
    /** The latest reclaim's number, which the answer says. */
    private long reclaimNumber;
    private Steering heard;
    /**
     * What the task took from its lease since room or its last answer came in: its pace. In memory only (a restarted task starts
     * from none, and asks by its waiting workloads' need until it has taken again).
     */
    private Resources takenSinceGrant = Resources.NONE;
    /** Changed since it was last stored. */
    private boolean changed;

    /** The current chunk: its bucket, until when it is usable, what was granted into it (less given back), what is left. */
    private record Chunk(long bucket, long usableUntil, Resources granted, Resources left) {
    }

    ClusterLease(String cluster, LeaseSettings settings) {
        this.cluster = cluster;
        this.settings = settings;
    }

    static ClusterLease of(StoredLease stored, LeaseSettings settings) {
        ClusterLease lease = new ClusterLease(stored.getCluster(), settings);
        LeaseCurrentChunk chunk = stored.getCurrent();
        if (chunk != null) {
            lease.current = new Chunk(chunk.getBucket(), chunk.getUsableUntil().toEpochMilli(), Resources.fromQuantities(chunk.getGranted()),
                    Resources.fromQuantities(chunk.getLeft()));
        }
        for (LeasePendingGiveBack back : stored.getGiveBack()) {
            lease.giveBack.put(back.getBucket(), Resources.fromQuantities(back.getAmount()));
        }
        lease.need = new Need(Resources.fromQuantities(stored.getNeedTotal()), Resources.fromQuantities(stored.getNeedFirst()));
        lease.nextSequence = stored.getNextSequence();
        lease.outstanding = stored.getOutstanding();
        lease.outstandingSince = stored.getOutstandingSince() == null ? 0 : stored.getOutstandingSince().toEpochMilli();
        lease.reclaim = stored.getReclaim();
        lease.reclaimNumber = stored.getReclaimNumber();
        LeaseHeard heard = stored.getHeard();
        if (heard != null) {
            lease.heard = new Steering(Resources.fromQuantities(heard.getFree()), Resources.fromQuantities(heard.getUnmet()),
                    Resources.fromQuantities(heard.getUnmetLeast()), heard.getState(), heard.getWhy(), heard.getAt().toEpochMilli());
        }
        return lease;
    }

    StoredLease toStored() {
        List<LeasePendingGiveBack> backs = new ArrayList<>(giveBack.size());
        giveBack.forEach((bucket, amount) -> backs.add(new LeasePendingGiveBack(bucket, amount.toQuantities())));
        return StoredLease.newBuilder()
                .setCluster(cluster)
                .setCurrent(current == null ? null : new LeaseCurrentChunk(current.bucket(), Instant.ofEpochMilli(current.usableUntil()),
                        current.granted().toQuantities(), current.left().toQuantities()))
                .setGiveBack(backs)
                .setNeedTotal(need.total().toQuantities())
                .setNeedFirst(need.first().toQuantities())
                .setNextSequence(nextSequence)
                .setOutstanding(outstanding)
                .setOutstandingSince(outstanding == null ? null : Instant.ofEpochMilli(outstandingSince))
                .setReclaim(reclaim)
                .setReclaimNumber(reclaimNumber)
                .setHeard(heard == null ? null : new LeaseHeard(heard.free().toQuantities(), heard.unmet().toQuantities(),
                        heard.unmetLeast().toQuantities(), heard.state(), heard.why(), Instant.ofEpochMilli(heard.heardAt())))
                .build();
    }

    /** Whether it changed since {@link #stored()} was last called; resets the mark. */
    boolean stored() {
        boolean was = changed;
        changed = false;
        return was;
    }

    /** Takes {@code amount} from the current chunk, all or nothing: its bucket, or empty when it does not hold it. */
    OptionalLong take(Resources amount, long now) {
        retire(now);
        if (current == null || !Room.covers(current.left(), amount)) {
            return OptionalLong.empty();
        }
        current = new Chunk(current.bucket(), current.usableUntil(), current.granted(), Room.less(current.left(), amount));
        takenSinceGrant = Room.plus(takenSinceGrant, amount);
        changed = true;
        return OptionalLong.of(current.bucket());
    }

    /** Room taken from the chunk of {@code bucket} is free again. */
    void release(long bucket, Resources amount, long now) {
        retire(now);
        if (current != null && bucket == current.bucket()) {
            current = new Chunk(bucket, current.usableUntil(), current.granted(),
                    Room.min(Room.plus(current.left(), amount), current.granted()));
            changed = true;
        } else if (current != null && bucket > current.bucket()) {
            throw new IllegalArgumentException("cluster " + cluster + ": bucket " + bucket + " was never granted (the newest is "
                    + current.bucket() + ")");
        } else {
            returnLater(bucket, amount, now);
        }
    }

    void want(Need latest) {
        if (!latest.equals(need)) {
            need = latest;
            changed = true;
        }
    }

    Need need() {
        return need;
    }

    /** Room left in the current chunk, none when there is no usable one. */
    Resources usable(long now) {
        return current != null && now < current.usableUntil() ? current.left() : Resources.NONE;
    }

    Optional<Steering> steering() {
        return Optional.ofNullable(heard);
    }

    /**
     * The request to send now, if one is due and none is outstanding: when the task needs more than it holds and the
     * allocator does not owe it already, when it no longer needs what the allocator owes it, when it has room to give
     * back, to answer a reclaim, or when it runs low: what is left of its chunk is less than it took since room last
     * came in, so that at its pace the lease runs out before an answer would come back. It asks for its need beyond
     * what its current chunk holds (when a grant would land in that chunk's bucket; otherwise, when workloads wait, that room goes back with
     * it), plus
     * headroom unless reclaimed: three times the larger of that need and its pace, at most its share of the free room
     * the allocator last reported ({@link LeaseSettings#taskHeadroomShare}).
     */
    Optional<LeaseRequest> request(int partition, long now) {
        retire(now);
        if (giveBack.keySet().removeIf(bucket -> settings.countedUntil(bucket) <= now)) {
            changed = true;
        }
        boolean waiting = outstanding != null && now - outstandingSince < settings.answerTimeoutMs();
        if (waiting) {
            return Optional.empty();
        }
        if (reclaim && current != null) {
            giveBack(Room.less(current.left(), need.total()));
        }
        boolean newBucket = current != null && current.bucket() != settings.bucketOf(now);
        if (newBucket && !Room.none(need.total())) {
            // A grant now opens a chunk in the new bucket, and this one's room would go back only then: while the
            // allocator counts it against the task, it may have nothing to grant the workloads that wait.
            giveBack(current.left());
        }
        Resources held = current != null && !newBucket ? current.left() : Resources.NONE;
        Resources beyond = Room.less(need.total(), held);
        Resources least = Room.min(Room.less(need.first(), held), beyond);
        Resources want = reclaim ? beyond : Room.plus(beyond, headroom(Room.max(beyond, takenSinceGrant), settings.taskHeadroomShare()));
        boolean due = !giveBack.isEmpty() || reclaim || outstanding != null || asksTooLittle(beyond, least) || owedTooMuch(want)
                || runsLow(now) && !Room.none(want);
        if (!due) {
            return Optional.empty();
        }
        List<LeaseGiveBack> backs = new ArrayList<>(giveBack.size());
        giveBack.forEach((bucket, amount) -> backs.add(new LeaseGiveBack(bucket, amount.toQuantities())));
        LeaseRequest request = LeaseRequest.newBuilder()
                .setCluster(cluster)
                .setPartition(partition)
                .setSequence(nextSequence)
                .setWant(want.toQuantities())
                .setLeast(least.toQuantities())
                .setGiveBack(backs)
                .setRequestedAt(Instant.ofEpochMilli(now))
                .setAnswersReclaim(reclaim)
                .setReclaimNumber(reclaim ? reclaimNumber : 0)
                .build();
        giveBack.clear();
        reclaim = false;
        outstanding = nextSequence;
        outstandingSince = now;
        nextSequence++;
        changed = true;
        return Optional.of(request);
    }

    /** Gives {@code spare} of the current chunk back with the next request: the chunk no longer holds it. */
    private void giveBack(Resources spare) {
        if (!Room.none(spare)) {
            current = new Chunk(current.bucket(), current.usableUntil(), Room.less(current.granted(), spare),
                    Room.less(current.left(), spare));
            giveBack.merge(current.bucket(), spare, Room::plus);
            changed = true;
        }
    }

    /**
     * Whether the allocator's record of this task's want would keep room from it: it owes less than the task needs
     * beyond what it holds, or it holds a least the task no longer needs whole (a grant the task could use would be
     * withheld).
     */
    private boolean asksTooLittle(Resources beyond, Resources least) {
        Resources owed = heard == null ? Resources.NONE : heard.unmet();
        Resources owedLeast = heard == null ? Resources.NONE : heard.unmetLeast();
        return !Room.covers(owed, beyond) || !Room.covers(least, owedLeast);
    }

    /**
     * Whether what is left of the usable chunk is less than the task took from it since its last answer (and nothing is
     * owed): a chunk no longer usable says nothing of the pace.
     */
    private boolean runsLow(long now) {
        boolean owed = heard != null && !Room.none(heard.unmet());
        return !owed && current != null && now < current.usableUntil() && !Room.none(takenSinceGrant)
                && !Room.covers(current.left(), takenSinceGrant);
    }

    /**
     * Whether the allocator owes more than the task would ask for now ({@code want}): such a want would take room that
     * other tasks' workloads wait for. Compared with the want itself, an answer that leaves the whole want unmet asks
     * nothing again until the need or pace changes.
     */
    private boolean owedTooMuch(Resources want) {
        return heard != null && !Room.covers(want, heard.unmet());
    }

    /** Takes in a grant; whether it added room to the current chunk. */
    boolean granted(LeaseGrant grant, long now) {
        if (outstanding != null && outstanding.equals(grant.getAnswers())) {
            outstanding = null;
            // The pace is measured from answer to answer: an answer with no room must not make the task ask again at once.
            takenSinceGrant = Resources.NONE;
        }
        heard = new Steering(QuantityFields.parse("free", grant.getFree()), QuantityFields.parse("unmet", grant.getUnmet()),
                QuantityFields.parse("unmetLeast", grant.getUnmetLeast()), grant.getClusterState(), grant.getWhy(), now);
        if (grant.getReclaim()) {
            reclaim = true;
            // The latest, not the largest: the allocator's grants reach the task in order, and a book that started over
            // (its state lost) numbers from 1 again.
            reclaimNumber = grant.getReclaimNumber();
        }
        changed = true;
        Resources granted = Room.positive(QuantityFields.parse("granted", grant.getGranted()));
        if (Room.none(granted)) {
            return false;
        }
        retire(now);
        long bucket = grant.getBucket();
        long usableUntil = grant.getUsableUntil().toEpochMilli();
        if (now >= usableUntil || current != null && bucket < current.bucket()) {
            returnLater(bucket, granted, now);
            return false;
        }
        takenSinceGrant = Resources.NONE;
        if (current != null && bucket == current.bucket()) {
            current = new Chunk(bucket, current.usableUntil(), Room.plus(current.granted(), granted), Room.plus(current.left(), granted));
            return true;
        }
        if (current != null) {
            returnLater(current.bucket(), current.left(), now);
        }
        current = new Chunk(bucket, usableUntil, granted, granted);
        return true;
    }

    /** A current chunk that is no longer usable stops being current, and its unused room goes back. */
    private void retire(long now) {
        if (current != null && now >= current.usableUntil()) {
            returnLater(current.bucket(), current.left(), now);
            current = null;
            takenSinceGrant = Resources.NONE;
            changed = true;
        }
    }

    /** Room of a chunk to return with the next request, while the allocator still counts that chunk. */
    private void returnLater(long bucket, Resources amount, long now) {
        if (!Room.none(amount) && settings.countedUntil(bucket) > now) {
            giveBack.merge(bucket, Room.positive(amount), Room::plus);
            changed = true;
        }
    }

    /**
     * How many times the need (or pace) a task asks for again as headroom: a burst's workloads keep arriving while a
     * request is out, and asking for as much again placed only about half of them without waiting for the next grant.
     */
    private static final long HEADROOM_FACTOR = 3;

    /**
     * {@link #HEADROOM_FACTOR} times {@code pace}, at most {@code share} of the free room last heard of; before anything
     * was heard, unbounded (the allocator grants no more than the cluster's free room).
     */
    private Resources headroom(Resources pace, BigDecimal share) {
        if (share.signum() == 0) {
            return Resources.NONE;
        }
        if (heard == null) {
            return pace.times(HEADROOM_FACTOR);
        }
        Resources.Builder headroom = new Resources.Builder(pace.amounts().size());
        for (Map.Entry<String, Long> entry : pace.amounts().entrySet()) {
            long bound = BigDecimal.valueOf(heard.free().get(entry.getKey())).multiply(share).setScale(0, RoundingMode.FLOOR).longValueExact();
            long amount = Math.min(Math.multiplyExact(entry.getValue(), HEADROOM_FACTOR), bound);
            if (amount > 0) {
                headroom.add(entry.getKey(), amount);
            }
        }
        return headroom.build();
    }
}
