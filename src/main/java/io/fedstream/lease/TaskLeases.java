package io.fedstream.lease;

import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A namespace task's side of the leases, on every cluster: it places workloads into the room it holds with no round
 * trip ({@link #take}), tells what its waiting workloads need ({@link #want}), and asks each cluster's allocator, at
 * most one request outstanding per cluster, for that need plus headroom, giving back what it does not use
 * ({@link #requests}). Call {@link #requests} after every record and punctuation: it also returns room whose chunk
 * stopped being usable. State lives in memory, read once from the {@link LeaseStore} when the task starts; what changed
 * is saved there by {@link #requests} (or {@link #saveChanges}), once per record, however many workloads took room.
 */
public final class TaskLeases {

    private final int partition;
    private final LeaseSettings settings;
    private final LeaseStore store;
    private final Map<String, ClusterLease> byCluster = new TreeMap<>();

    public TaskLeases(int partition, LeaseSettings settings, LeaseStore store) {
        if (partition < 0 || partition >= settings.partitions()) {
            throw new IllegalArgumentException("partition must be one of the " + settings.partitions() + " namespace tasks (value: "
                    + partition + ")");
        }
        this.partition = partition;
        this.settings = settings;
        this.store = store;
        store.all().forEach((cluster, stored) -> byCluster.put(cluster, ClusterLease.of(stored, settings)));
    }

    /**
     * Takes {@code amount} (a workload's {@code Fit.demand} on the cluster, pods counted when the cluster reports pods)
     * from the cluster's current chunk, all or nothing.
     *
     * @return the chunk's bucket, which the placement keeps for {@link #release}; empty when the lease does not hold it
     * @throws IllegalArgumentException when {@code amount} names no room: a workload that needs none needs no lease
     */
    public OptionalLong take(String cluster, Resources amount, long now) {
        Resources room = Room.positive(amount);
        if (Room.none(room)) {
            throw new IllegalArgumentException("nothing to take on cluster " + cluster + " (amount " + amount
                    + "): a workload that needs no room needs no lease");
        }
        ClusterLease lease = byCluster.get(cluster);
        if (lease == null) {
            return OptionalLong.empty();
        }
        return lease.take(room, now);
    }

    /**
     * Room a placement took from the chunk of {@code bucket} is free again (its workload was deleted, moved or scaled
     * down): credited back to that chunk while it is current, else returned to the allocator with the next request
     * while it still counts the chunk, else dropped (the cluster's heartbeats count the pods by then).
     *
     * @throws IllegalArgumentException for a bucket newer than any granted on the cluster
     */
    public void release(String cluster, long bucket, Resources amount, long now) {
        lease(cluster).release(bucket, Room.positive(amount), now);
    }

    /** What the task's workloads waiting for the cluster need there now, replacing what it said before. */
    public void want(String cluster, Need need) {
        Objects.requireNonNull(need, "need");
        // A cluster the task holds nothing on and needs nothing from gets no lease.
        if (byCluster.containsKey(cluster) || !need.isNone()) {
            lease(cluster).want(need);
        }
    }

    /** What the task says its waiting workloads need on the cluster. */
    public Need need(String cluster) {
        ClusterLease lease = byCluster.get(cluster);
        return lease == null ? Need.NONE : lease.need();
    }

    /** The requests to send now, by cluster name, each keyed by its cluster on the lease-requests topic; saves what changed. */
    public List<LeaseRequest> requests(long now) {
        List<LeaseRequest> requests = new ArrayList<>();
        byCluster.forEach((cluster, lease) -> lease.request(partition, now).ifPresent(requests::add));
        saveChanges();
        return requests;
    }

    public void saveChanges() {
        byCluster.forEach(this::save);
    }

    /**
     * Takes in a grant from the lease-grants topic (an answer, room freed for an unmet want, or a reclaim).
     *
     * @return whether room was added to the cluster's current chunk: the task should try its waiting workloads again
     * @throws IllegalArgumentException for a grant to another task, or with a bad quantity
     */
    public boolean granted(LeaseGrant grant, long now) {
        if (grant.getPartition() != partition) {
            throw new IllegalArgumentException("a grant to partition " + grant.getPartition() + " reached the task of partition " + partition);
        }
        return lease(grant.getCluster()).granted(grant, now);
    }

    /** The room left in the cluster's current chunk: what can be taken now without asking. */
    public Resources usable(String cluster, long now) {
        ClusterLease lease = byCluster.get(cluster);
        return lease == null ? Resources.NONE : lease.usable(now);
    }

    /** What the cluster's allocator last told this task; empty before its first grant. */
    public Optional<Steering> steering(String cluster) {
        ClusterLease lease = byCluster.get(cluster);
        return lease == null ? Optional.empty() : lease.steering();
    }

    private ClusterLease lease(String cluster) {
        return byCluster.computeIfAbsent(Objects.requireNonNull(cluster, "cluster"), name -> new ClusterLease(name, settings));
    }

    private void save(String cluster, ClusterLease lease) {
        if (lease.stored()) {
            store.save(cluster, lease.toStored());
        }
    }
}
