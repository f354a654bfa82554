package io.fedstream.lease;

import io.fedstream.avro.LeaseBookChunk;
import io.fedstream.avro.LeaseBookView;
import io.fedstream.avro.LeaseBookWant;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.interpret.Resources;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One cluster's book in its allocator: the room the cluster reports (its latest view), the chunks of it leased to
 * namespace tasks and still counted, the wants that went unmet, and which tasks were asked to give room back. Free
 * room is allocatable - max(allocated, base + everything counted), where {@code base} is what the cluster had allocated
 * beneath the chunks: what its heartbeats report beyond that runs under the chunks (the pods placed into them, which
 * the cluster's agent counts within seconds), so that such pods are not counted twice until their chunks expire, as
 * kube-scheduler forgets an assumed pod once its informer sees it. Only free room is ever granted, so two tasks can
 * never over-fill the cluster. Whenever room may have freed (a give-back, a chunk no longer counted, a view with more
 * room, a cluster READY again) the free room is split between the unmet wants ({@link FairSplit}); while some stay
 * unmet, every task holding a usable chunk is asked once to give back what it does not need (a reclaim). Once every
 * task asked has answered, each task whose want stays unmet is told that no more room is coming ({@code reclaiming}
 * false), so that its waiting workloads look elsewhere rather than wait for room that no task gives back. Reclaims are
 * numbered, and an answer counts only for the reclaim it names: one sent to an earlier reclaim, and still on its way
 * when this one asked its task again, would otherwise end this one before that task took it in.
 */
public final class ClusterBook {

    private final String cluster;
    private final LeaseSettings settings;
    /** Null before the first view. */
    private ClusterView view;
    private final TreeMap<ChunkId, Resources> chunks =
            new TreeMap<>(Comparator.comparingInt(ChunkId::partition).thenComparingLong(ChunkId::bucket));
    private final TreeMap<Integer, UnmetWant> unmet = new TreeMap<>();
    private final TreeSet<Integer> reclaimAsked = new TreeSet<>();
    /** The number of the latest reclaim. */
    private long reclaimNumber;
    /** The tasks asked for room back that have not answered yet. */
    private final TreeSet<Integer> reclaimAwaited = new TreeSet<>();
    /** What the cluster had allocated beneath the counted chunks; the view's allocated while none is counted. */
    private Resources base = Resources.NONE;

    /** A chunk: one task's grants of one time bucket. */
    private record ChunkId(int partition, long bucket) {
    }

    /** What a task still waits for, the least of it worth granting, and since when it waits. */
    private record UnmetWant(Resources want, Resources least, long since) {
    }

    /** What one decision sends one task. */
    private static final class Outgoing {
        Resources granted = Resources.NONE;
        boolean reclaim;
        Long answers;
    }

    private ClusterBook(String cluster, LeaseSettings settings) {
        this.cluster = cluster;
        this.settings = settings;
    }

    /** A cluster nothing is known of yet. */
    public static ClusterBook empty(String cluster, LeaseSettings settings) {
        return new ClusterBook(cluster, settings);
    }

    public static ClusterBook of(StoredLeaseBook stored, LeaseSettings settings) {
        ClusterBook book = new ClusterBook(stored.getCluster(), settings);
        LeaseBookView view = stored.getView();
        if (view != null) {
            book.view = new ClusterView(view.getState(), view.getWhy(), Resources.fromQuantities(view.getAllocatable()),
                    Resources.fromQuantities(view.getAllocated()));
        }
        for (LeaseBookChunk chunk : stored.getChunks()) {
            book.chunks.put(new ChunkId(chunk.getPartition(), chunk.getBucket()), Resources.fromQuantities(chunk.getCounted()));
        }
        for (LeaseBookWant want : stored.getUnmet()) {
            book.unmet.put(want.getPartition(), new UnmetWant(Resources.fromQuantities(want.getWant()),
                    Resources.fromQuantities(want.getLeast()), want.getSince().toEpochMilli()));
        }
        book.reclaimAsked.addAll(stored.getReclaimAsked());
        book.reclaimNumber = stored.getReclaimNumber();
        book.reclaimAwaited.addAll(stored.getReclaimAwaited());
        book.base = stored.getBase() != null ? Resources.fromQuantities(stored.getBase())
                : book.view != null ? book.view.allocated() : Resources.NONE;
        return book;
    }

    public StoredLeaseBook toStored() {
        List<LeaseBookChunk> storedChunks = new ArrayList<>(chunks.size());
        chunks.forEach((id, counted) -> storedChunks.add(new LeaseBookChunk(id.partition(), id.bucket(), counted.toQuantities())));
        List<LeaseBookWant> storedWants = new ArrayList<>(unmet.size());
        unmet.forEach((partition, want) -> storedWants.add(new LeaseBookWant(partition, want.want().toQuantities(),
                want.least().toQuantities(), Instant.ofEpochMilli(want.since()))));
        return StoredLeaseBook.newBuilder()
                .setCluster(cluster)
                .setView(view == null ? null : new LeaseBookView(view.state(), view.why(), view.allocatable().toQuantities(),
                        view.allocated().toQuantities()))
                .setChunks(storedChunks)
                .setUnmet(storedWants)
                .setReclaimAsked(new ArrayList<>(reclaimAsked))
                .setReclaimNumber(reclaimNumber)
                .setReclaimAwaited(new ArrayList<>(reclaimAwaited))
                .setBase(base.toQuantities())
                .build();
    }

    /**
     * Takes in a task's request: its give-backs, then its want (replacing its earlier one), then grants what the free
     * room allows to every unmet want. The answer to the asking task comes first, granted or not; then grants to other
     * tasks and reclaims, by partition. The last answer to a reclaim also goes to every task whose want stays unmet.
     */
    public List<LeaseGrant> ask(ParsedRequest request, long now) {
        dropUncounted(now);
        for (GiveBack back : request.giveBacks()) {
            takeBack(request.partition(), back);
        }
        if (Room.none(request.want())) {
            unmet.remove(request.partition());
        } else {
            UnmetWant earlier = unmet.get(request.partition());
            unmet.put(request.partition(), new UnmetWant(request.want(), request.least(), earlier == null ? now : earlier.since()));
        }
        boolean lastAnswer = answersThisReclaim(request) && reclaimAwaited.remove(request.partition()) && reclaimAwaited.isEmpty();
        Map<Integer, Outgoing> outgoing = distribute(now);
        if (lastAnswer) {
            // Every task asked gave back what it could: the tasks still short hear that whatever else they wait for will not come.
            unmet.keySet().forEach(partition -> outgoing.computeIfAbsent(partition, p -> new Outgoing()));
        }
        Outgoing answer = Objects.requireNonNullElseGet(outgoing.remove(request.partition()), Outgoing::new);
        answer.answers = request.sequence();
        List<LeaseGrant> grants = new ArrayList<>(outgoing.size() + 1);
        grants.add(grant(request.partition(), answer, now));
        grants.addAll(grants(outgoing, now));
        return grants;
    }

    /** Whether the request answers the reclaim under way; one of a task of an earlier version names none, and counts. */
    private boolean answersThisReclaim(ParsedRequest request) {
        return request.answersReclaim() && (request.reclaimNumber() == 0 || request.reclaimNumber() == reclaimNumber);
    }

    /**
     * The answer to a task's request that could not be taken in ({@code why}, naming its field and value): nothing
     * granted and the book as it was, so that the task's workloads waiting for the cluster are told why.
     */
    public LeaseGrant refused(int partition, long sequence, String why, long now) {
        Outgoing answer = new Outgoing();
        answer.answers = sequence;
        LeaseGrant grant = grant(partition, answer, now);
        grant.setWhy(why);
        return grant;
    }

    /**
     * Takes in the cluster's latest view; grants unmet wants what room it shows. The first view of a cluster also offers
     * every task that holds nothing there and waits for nothing a part of its free room ({@link #offer}).
     */
    public List<LeaseGrant> see(ClusterView latest, long now) {
        boolean firstSight = view == null;
        this.view = latest;
        // Pods that left lower the level beneath the chunks: what starts next runs under them.
        base = chunks.isEmpty() ? latest.allocated() : Room.min(base, latest.allocated());
        dropUncounted(now);
        Map<Integer, Outgoing> outgoing = distribute(now);
        if (firstSight && latest.grantable()) {
            offer(outgoing, now);
        }
        return grants(outgoing, now);
    }

    /**
     * Offers room before anyone asks, as Mesos' allocator offers an agent's resources to frameworks: each task that holds
     * no chunk of the cluster and waits for nothing there gets an equal part of {@code offerShare} of the free room, so
     * that its first workloads place with no request and answer between them and the cluster's first view. An offer is
     * a chunk like any grant: counted until its time is up, taken back when returned, asked back by a reclaim when
     * another task waits; together the offers hold at most {@code offerShare} of the free room, so they never over-fill
     * the cluster.
     */
    private void offer(Map<Integer, Outgoing> outgoing, long now) {
        Resources each = partOf(free(), settings.offerShare(), settings.partitions());
        if (Room.none(each)) {
            return;
        }
        long bucket = settings.bucketOf(now);
        for (int partition = 0; partition < settings.partitions(); partition++) {
            if (unmet.containsKey(partition) || !Room.none(countedFor(partition))) {
                continue;
            }
            chunks.merge(new ChunkId(partition, bucket), each, Room::plus);
            outgoing.computeIfAbsent(partition, p -> new Outgoing()).granted = each;
        }
    }

    /**
     * {@code share} of {@code room} split in {@code parts}, rounded down, per resource: counted resources other than cpu
     * (pods, GPUs, kept in thousandths) to whole units, as no pod takes a part of one; resources left at zero dropped.
     */
    private static Resources partOf(Resources room, BigDecimal share, int parts) {
        Resources.Builder part = new Resources.Builder(room.amounts().size());
        for (Map.Entry<String, Long> entry : room.amounts().entrySet()) {
            long amount = BigDecimal.valueOf(entry.getValue()).multiply(share)
                    .divide(BigDecimal.valueOf(parts), 0, RoundingMode.FLOOR).longValueExact();
            if (!Resources.isByteResource(entry.getKey()) && !entry.getKey().equals("cpu")) {
                amount -= amount % 1_000;
            }
            if (amount > 0) {
                part.add(entry.getKey(), amount);
            }
        }
        return part.build();
    }

    /** Stops counting the chunks whose time is up; when that frees room for unmet wants, grants it. */
    public List<LeaseGrant> expire(long now) {
        return dropUncounted(now) && !unmet.isEmpty() ? grants(distribute(now), now) : List.of();
    }

    /** Everything leased and still counted. */
    Resources counted() {
        Resources total = Resources.NONE;
        for (Resources counted : chunks.values()) {
            total = total.plus(counted);
        }
        return total;
    }

    /** What the chunks of one task hold, all buckets together. */
    Resources countedFor(int partition) {
        Resources total = Resources.NONE;
        for (Map.Entry<ChunkId, Resources> chunk : chunks.entrySet()) {
            if (chunk.getKey().partition() == partition) {
                total = total.plus(chunk.getValue());
            }
        }
        return total;
    }

    /** The task's want still unmet, none when it waits for nothing. */
    Resources unmetFor(int partition) {
        UnmetWant want = unmet.get(partition);
        return want == null ? Resources.NONE : want.want();
    }

    /**
     * Room not leased: allocatable - max(allocated, base + counted), per resource the cluster reports allocatable; none
     * without a view.
     */
    Resources free() {
        if (view == null) {
            return Resources.NONE;
        }
        Resources counted = counted();
        Resources.Builder free = new Resources.Builder(view.allocatable().amounts().size());
        for (String resource : view.allocatable().amounts().keySet()) {
            long taken = Math.max(view.allocated().get(resource), Math.addExact(base.get(resource), counted.get(resource)));
            long left = Math.subtractExact(view.allocatable().get(resource), taken);
            if (left > 0) {
                free.add(resource, left);
            }
        }
        return free.build();
    }

    /** What the cluster had allocated beneath the counted chunks. */
    Resources base() {
        return base;
    }

    /** What the heartbeats report allocated beyond the level beneath the chunks: pods running under them. */
    private Resources confirmed() {
        return Room.positive(allocated().plus(base.times(-1)));
    }

    private Resources allocated() {
        return view == null ? Resources.NONE : view.allocated();
    }

    private void takeBack(int partition, GiveBack back) {
        ChunkId id = new ChunkId(partition, back.bucket());
        Resources counted = chunks.get(id);
        if (counted == null) {
            return; // no longer counted: the heartbeats count its pods, or it was given back already
        }
        Resources rest = Room.less(counted, back.amount());
        if (Room.none(rest)) {
            chunks.remove(id);
        } else {
            chunks.put(id, rest);
        }
        if (chunks.isEmpty()) {
            base = allocated();
        }
    }

    /** Forgets the chunks counted long enough; whether there were any. */
    private boolean dropUncounted(long now) {
        boolean dropped = false;
        for (var it = chunks.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ChunkId, Resources> chunk = it.next();
            if (settings.countedUntil(chunk.getKey().bucket()) <= now) {
                // What of it the heartbeats already count (pods placed into it) joins the level beneath the other chunks.
                base = Room.plus(base, Room.min(chunk.getValue(), confirmed()));
                it.remove();
                dropped = true;
            }
        }
        if (chunks.isEmpty()) {
            base = allocated();
        }
        return dropped;
    }

    /** Grants the free room to the unmet wants; asks the holders of usable chunks for room back while some stay unmet. */
    private Map<Integer, Outgoing> distribute(long now) {
        Map<Integer, Outgoing> outgoing = new TreeMap<>();
        if (view == null || !view.grantable() || unmet.isEmpty()) {
            if (unmet.isEmpty()) {
                endReclaim();
            }
            return outgoing;
        }
        List<FairSplit.Claim> claims = new ArrayList<>(unmet.size());
        unmet.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<Integer, UnmetWant> e) -> e.getValue().since()).thenComparing(Map.Entry::getKey))
                // Room the cluster does not report allocatable can never be granted; the rest of a want can.
                .forEach(e -> claims.add(new FairSplit.Claim(e.getKey(), Room.on(e.getValue().want(), view.allocatable()),
                        Room.on(e.getValue().least(), view.allocatable()))));
        long bucket = settings.bucketOf(now);
        FairSplit.split(free(), claims).forEach((partition, share) -> {
            chunks.merge(new ChunkId(partition, bucket), share, Room::plus);
            outgoing.computeIfAbsent(partition, p -> new Outgoing()).granted = share;
            UnmetWant want = unmet.get(partition);
            Resources rest = Room.less(want.want(), share);
            if (Room.none(rest)) {
                unmet.remove(partition);
            } else {
                unmet.put(partition, new UnmetWant(rest, Room.less(want.least(), share), want.since()));
            }
        });
        boolean starved = unmet.values().stream().anyMatch(want -> !Room.none(Room.on(want.want(), view.allocatable())));
        if (!starved) {
            endReclaim();
            return outgoing;
        }
        for (Map.Entry<ChunkId, Resources> chunk : chunks.entrySet()) {
            int holder = chunk.getKey().partition();
            if (settings.usableUntil(chunk.getKey().bucket()) > now && !unmet.containsKey(holder) && !reclaimAsked.contains(holder)) {
                if (reclaimAsked.isEmpty()) {
                    reclaimNumber++;
                }
                reclaimAsked.add(holder);
                reclaimAwaited.add(holder);
                outgoing.computeIfAbsent(holder, p -> new Outgoing()).reclaim = true;
            }
        }
        return outgoing;
    }

    /** Every want is met: the next shortage asks every holder again. */
    private void endReclaim() {
        reclaimAsked.clear();
        reclaimAwaited.clear();
    }

    private List<LeaseGrant> grants(Map<Integer, Outgoing> outgoing, long now) {
        List<LeaseGrant> grants = new ArrayList<>(outgoing.size());
        outgoing.forEach((partition, out) -> grants.add(grant(partition, out, now)));
        return grants;
    }

    private LeaseGrant grant(int partition, Outgoing out, long now) {
        long bucket = settings.bucketOf(now);
        ClusterView known = view == null ? ClusterView.unknown(cluster) : view;
        return LeaseGrant.newBuilder()
                .setCluster(cluster)
                .setPartition(partition)
                .setBucket(bucket)
                .setGranted(out.granted.toQuantities())
                .setCountedUntil(Instant.ofEpochMilli(settings.countedUntil(bucket)))
                .setUsableUntil(Instant.ofEpochMilli(settings.usableUntil(bucket)))
                .setFree(free().toQuantities())
                .setUnmet(unmetFor(partition).toQuantities())
                .setUnmetLeast(unmet.containsKey(partition) ? unmet.get(partition).least().toQuantities() : Map.of())
                .setClusterState(known.state())
                .setWhy(known.why())
                .setReclaim(out.reclaim)
                .setReclaimNumber(out.reclaim ? reclaimNumber : 0)
                .setReclaiming(unmet.containsKey(partition) && !reclaimAwaited.isEmpty())
                .setAnswers(out.answers)
                .setGrantedAt(Instant.ofEpochMilli(now))
                .build();
    }
}
