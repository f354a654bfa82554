package io.fedstream.decide;

import io.fedstream.avro.StaleCopy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The copies that an eviction left on a cluster and that wait for their graceful purge, in the workload's record
 * ({@code WorkloadRecord.staleCopies}, by cluster: when the grace period ends, epoch ms, and the id of the command that
 * evicted the copy): written with the workload's other state, once per processing, not a store of their own (`fedstream
 * bench failover`: one changelog record a command less, docs/benchmarks.md). An index in memory, rebuilt by the walk of
 * the records when the task starts, holds every copy waiting, so that the punctuation reads no store to find them.
 */
final class StaleCopies {

    /** One copy waiting: the workload, the cluster it is on, when its grace period ends and the command that evicted it. */
    record Waiting(String workloadKey, String cluster, long graceEndsAt, String commandId) {}

    private final Workloads workloads;
    /** Every copy waiting, by workload key and cluster. */
    private final Map<String, Map<String, Waiting>> index = new TreeMap<>();

    StaleCopies(Workloads workloads) {
        this.workloads = workloads;
    }

    /** A stored workload, as the task's start walks them: the index takes in its copies waiting. */
    void stored(String workloadKey, Map<String, StaleCopy> copies) {
        copies.forEach((cluster, copy) -> indexed(new Waiting(workloadKey, cluster, copy.getGraceEndsAt(), copy.getCommandId())));
    }

    /** Remembers the copy on {@code cluster} until its purge; returns what waits. */
    Waiting remember(String workloadKey, String cluster, long graceEndsAt, String commandId) {
        Map<String, StaleCopy> copies = new HashMap<>(workloads.of(workloadKey).getStaleCopies());
        copies.put(cluster, StaleCopy.newBuilder().setGraceEndsAt(graceEndsAt).setCommandId(commandId).build());
        workloads.of(workloadKey).setStaleCopies(copies);
        workloads.changed(workloadKey);
        return indexed(new Waiting(workloadKey, cluster, graceEndsAt, commandId));
    }

    /** The workload's copies waiting for their purge. */
    List<Waiting> of(String workloadKey) {
        return new ArrayList<>(index.getOrDefault(workloadKey, Map.of()).values());
    }

    List<Waiting> all() {
        List<Waiting> waiting = new ArrayList<>();
        index.values().forEach(copies -> waiting.addAll(copies.values()));
        return waiting;
    }

    void forget(Waiting waiting) {
        Map<String, Waiting> copies = index.get(waiting.workloadKey());
        if (copies != null && copies.remove(waiting.cluster()) != null && copies.isEmpty()) {
            index.remove(waiting.workloadKey());
        }
        if (workloads.of(waiting.workloadKey()).getStaleCopies().containsKey(waiting.cluster())) {
            Map<String, StaleCopy> kept = new HashMap<>(workloads.of(waiting.workloadKey()).getStaleCopies());
            kept.remove(waiting.cluster());
            workloads.of(waiting.workloadKey()).setStaleCopies(kept);
            workloads.changed(waiting.workloadKey());
        }
    }

    private Waiting indexed(Waiting waiting) {
        index.computeIfAbsent(waiting.workloadKey(), key -> new TreeMap<>()).put(waiting.cluster(), waiting);
        return waiting;
    }
}
