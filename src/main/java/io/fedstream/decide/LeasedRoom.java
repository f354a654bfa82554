package io.fedstream.decide;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.RoomHeld;
import io.fedstream.interpret.Resources;
import io.fedstream.lease.Need;
import io.fedstream.lease.Steering;
import io.fedstream.lease.TaskLeases;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.Fit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The room one namespace task holds on the member clusters, leased in bulk from each cluster's allocator
 * ({@link TaskLeases}), and what each of its workloads holds of it ({@link RoomHeld}, in the workload's record). An ask
 * to hold room for a workload is granted at once from the lease; one the lease cannot hold waits for the cluster's next
 * grant (the task asks once per cluster, for what every waiting ask needs, plus headroom), and is refused when the
 * cluster has no room for it: not READY, too small even empty, or short after the allocator gave all it could.
 */
final class LeasedRoom {

    private static final String PODS = "pods";

    private final Workloads workloads;
    private final TaskLeases leases;
    private final TaskClusterViews views;
    /** The asks waiting for a cluster's next grant, by cluster, oldest first; in memory (see {@link #waiting}). */
    private final Map<String, Deque<Waiting>> waiting = new TreeMap<>();
    /**
     * The clusters whose allocator, in its latest grant, still waited for other tasks to give room back; in memory (a
     * restarted task knows none, and waits for the next grant rather than refuse).
     */
    private final Set<String> reclaiming = new HashSet<>();

    /** An ask the lease could not hold yet, with the room it needs there. */
    private record Waiting(RoomAsk ask, Resources amount) {
    }

    LeasedRoom(Workloads workloads, TaskLeases leases, TaskClusterViews views) {
        this.workloads = workloads;
        this.leases = leases;
        this.views = views;
    }

    /**
     * Holds room as the ask says: the answer when it is given at once (the lease holds the room, or the cluster cannot
     * hold the workload), null when the ask waits for the cluster's next grant ({@link #granted}).
     */
    RoomAnswer ask(RoomAsk ask, long now) {
        String cluster = ask.cluster();
        TaskClusterViews.Parsed view = views.parsed(cluster);
        String notReady = notReady(cluster, view.view());
        if (notReady != null) {
            return RoomAnswer.refused(ask, notReady);
        }
        if (view.badHeartbeat() != null) {
            return RoomAnswer.refused(ask, view.badHeartbeat());
        }
        ClusterCapacity capacity = view.capacity();
        Fit.Verdict empty = Fit.check(ask.components(), capacity);
        if (!empty.fits()) {
            // Even with nothing leased on it the cluster cannot hold the workload: no lease will make it fit.
            return RoomAnswer.refused(ask, shortages(cluster, empty));
        }
        Resources amount = amount(ask.components(), capacity);
        // A newer ask of the workload for the cluster replaces one still waiting there (its decision was given up).
        Deque<Waiting> queue = waiting.get(cluster);
        boolean replaced = queue != null && queue.removeIf(w -> w.ask().workloadKey().equals(ask.workloadKey()));
        RoomAnswer answer = null;
        if (amount.isEmpty() || take(ask, amount, now)) {
            answer = RoomAnswer.granted(ask);
        } else {
            String refusal = refusedAtOnce(cluster, ask, amount, now);
            if (refusal != null) {
                answer = RoomAnswer.refused(ask, refusal);
            } else {
                waiting.computeIfAbsent(cluster, c -> new ArrayDeque<>()).add(new Waiting(ask, amount));
            }
            replaced = true;
        }
        if (replaced) {
            want(cluster);
        }
        return answer;
    }

    /**
     * Takes in a grant: the asks waiting for the cluster are held, oldest first, or refused when none will come; their
     * answers, in that order.
     */
    List<RoomAnswer> granted(LeaseGrant grant, long now) {
        leases.granted(grant, now);
        if (grant.getReclaiming()) {
            reclaiming.add(grant.getCluster());
        } else {
            reclaiming.remove(grant.getCluster());
        }
        Deque<Waiting> queue = waiting.get(grant.getCluster());
        if (queue == null) {
            return List.of();
        }
        List<RoomAnswer> answers = new ArrayList<>();
        for (Iterator<Waiting> it = queue.iterator(); it.hasNext(); ) {
            Waiting next = it.next();
            if (take(next.ask(), next.amount(), now)) {
                it.remove();
                answers.add(RoomAnswer.granted(next.ask()));
            } else if (grant.getWhy() != null || !grant.getReclaiming() && !fits(grant, next, now)) {
                // The cluster cannot grant, or has not the room, and no task was asked for any back: none will come.
                it.remove();
                answers.add(RoomAnswer.refused(next.ask(), shortOf(grant.getCluster(), grant.getWhy(), Resources.fromQuantities(grant.getFree()),
                        next.ask(), now)));
            }
        }
        if (queue.isEmpty()) {
            waiting.remove(grant.getCluster());
        }
        want(grant.getCluster());
        return answers;
    }

    /** What to ask the allocators now: at most one request outstanding per cluster. */
    List<LeaseRequest> requests(long now) {
        return leases.requests(now);
    }

    /**
     * What the cluster holds for others as the task knows it: everything its allocator counts beyond what this task can
     * still use, so that ranking clusters by free room sees the room other tasks leased.
     */
    Resources heldForOthers(ClusterCapacity cluster, long now) {
        Steering steering = leases.steering(cluster.name()).orElse(null);
        if (steering == null) {
            return Resources.NONE;
        }
        Resources room = cluster.allocatable().plus(cluster.allocated().times(-1));
        Resources others = room.plus(steering.free().times(-1)).plus(leases.usable(cluster.name(), now).times(-1));
        Resources.Builder held = new Resources.Builder(4);
        others.forEach((resource, amount) -> {
            if (amount > 0) {
                held.add(resource, amount);
            }
        });
        return held.build();
    }

    private boolean take(RoomAsk ask, Resources amount, long now) {
        OptionalLong bucket = leases.take(ask.cluster(), amount, now);
        if (bucket.isEmpty()) {
            return false;
        }
        Map<String, Long> pods = new java.util.LinkedHashMap<>();
        ask.components().forEach(component -> pods.merge(component.name(), component.replicas(), Long::sum));
        List<RoomHeld> holdings = new ArrayList<>(workloads.of(ask.workloadKey()).getHoldings());
        holdings.add(new RoomHeld(ask.cluster(), bucket.getAsLong(), amount.toQuantities(), pods, ask.requestId()));
        workloads.of(ask.workloadKey()).setHoldings(holdings);
        workloads.changed(ask.workloadKey());
        return true;
    }

    /**
     * Gives back what the workload holds on the cluster, to the chunks it came from: what was held for the ask
     * {@code releases} names, or everything when it names none (null). An ask of it still waiting is withdrawn likewise.
     */
    void release(String workloadKey, String cluster, String releases, long now) {
        Deque<Waiting> queue = waiting.get(cluster);
        if (queue != null && queue.removeIf(w -> w.ask().workloadKey().equals(workloadKey)
                && (releases == null || releases.equals(w.ask().requestId())))) {
            want(cluster);
        }
        List<RoomHeld> holdings = workloads.of(workloadKey).getHoldings();
        if (holdings.stream().noneMatch(held -> released(held, cluster, releases))) {
            return;
        }
        List<RoomHeld> kept = new ArrayList<>(holdings.size());
        for (RoomHeld held : holdings) {
            if (released(held, cluster, releases)) {
                leases.release(cluster, held.getBucket(), Resources.fromQuantities(held.getAmounts()), now);
            } else {
                kept.add(held);
            }
        }
        workloads.of(workloadKey).setHoldings(kept);
        workloads.changed(workloadKey);
    }

    private static boolean released(RoomHeld held, String cluster, String releases) {
        return held.getCluster().equals(cluster) && (releases == null || releases.equals(held.getRequestId()));
    }

    /** Tells the lease what the asks waiting for the cluster need: all of them, and the first. */
    private void want(String cluster) {
        Deque<Waiting> queue = waiting.get(cluster);
        if (queue == null || queue.isEmpty()) {
            leases.want(cluster, Need.NONE);
            return;
        }
        leases.want(cluster, new Need(queue.stream().map(Waiting::amount).reduce(Resources.NONE, Resources::plus), queue.peekFirst().amount()));
    }

    /** Why an ask cannot be held on the cluster at all now, null when it may. */
    private static String notReady(String cluster, ClusterWatch view) {
        if (view == null || view.getHeartbeat() == null) {
            return "cluster " + cluster + (view != null && view.getRefusal() != null
                    ? ": " + TaskClusterViews.refusal(view)
                    : " has not reported a heartbeat");
        }
        if (view.getState() != ClusterState.READY) {
            return "cluster " + cluster + " is " + view.getState() + " (" + view.getReason() + ")";
        }
        return null;
    }

    /** Whether the room the allocator still has, with what this task holds, would hold the ask: asking again gets it. */
    private boolean fits(LeaseGrant grant, Waiting waiting, long now) {
        return holds(Resources.fromQuantities(grant.getFree()).plus(leases.usable(grant.getCluster(), now)), waiting.amount());
    }

    private static boolean holds(Resources room, Resources amount) {
        return amount.amounts().entrySet().stream().allMatch(need -> room.get(need.getKey()) >= need.getValue());
    }

    /**
     * Why the ask is refused before it waits, null when it may wait: the allocator owes the task at least what it
     * needs beyond what the task holds (so it grants as soon as room appears, and asking again would change nothing),
     * asks no task for room back, and the room it last reported free, with what this task holds, does not hold it.
     */
    private String refusedAtOnce(String cluster, RoomAsk ask, Resources amount, long now) {
        Steering steering = leases.steering(cluster).orElse(null);
        Resources usable = leases.usable(cluster, now);
        if (steering == null || reclaiming.contains(cluster) || !holds(steering.unmet().plus(usable), amount)
                || holds(steering.free().plus(usable), amount)) {
            return null;
        }
        return shortOf(cluster, steering.why(), steering.free(), ask, now);
    }

    /** Why the allocator leaves the ask short: the cluster's room it still has free, with what this task holds. */
    private String shortOf(String cluster, String why, Resources free, RoomAsk ask, long now) {
        if (why != null) {
            return "cluster " + cluster + ": " + why;
        }
        TaskClusterViews.Parsed view = views.parsed(cluster);
        if (view.view() == null || view.view().getHeartbeat() == null) {
            return "cluster " + cluster + " has not reported a heartbeat";
        }
        if (view.badHeartbeat() != null) {
            return view.badHeartbeat();
        }
        ClusterCapacity capacity = view.capacity();
        Resources room = free.plus(leases.usable(cluster, now));
        ClusterCapacity left = capacity.reserve(capacity.allocatable().plus(capacity.allocated().times(-1)).plus(room.times(-1)));
        Fit.Verdict verdict = Fit.check(ask.components(), left);
        return verdict.fits() ? "cluster " + cluster + " leased its room to other tasks" : shortages(cluster, verdict);
    }

    private static String shortages(String cluster, Fit.Verdict verdict) {
        return cluster + ": " + verdict.shortages().stream().map(Fit.Shortage::message).collect(Collectors.joining("; "));
    }

    /** What the workload takes, in canonical units; pods counted when the cluster reports them. */
    private static Resources amount(List<ComponentDemand> components, ClusterCapacity capacity) {
        Resources.Builder units = new Resources.Builder(4);
        Fit.demand(components, capacity.allocatable().has(PODS))
                .forEach((resource, amount) -> {
                    if (amount.signum() > 0) {
                        units.add(resource, amount.longValueExact());
                    }
                });
        return units.build();
    }
}
