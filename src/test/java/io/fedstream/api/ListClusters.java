package io.fedstream.api;

import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A query API over a fixed list of clusters, for tests: both lookups answer from the list, the local one from the
 * partitions {@code partitionOf} assigns; {@code unavailable} makes every lookup throw as during a rebalance.
 */
public final class ListClusters implements ClusterLookup, LocalClusterLookup {

    private final List<ClusterWatch> clusters;
    final List<Set<Integer>> partitionsAsked = new ArrayList<>();
    volatile boolean unavailable;

    public ListClusters(List<ClusterWatch> clusters) {
        this.clusters = List.copyOf(clusters);
    }

    /** A started server on a free loopback port, serving no bindings. */
    public QueryServer serve(Optional<String> token) {
        ListBindings none = new ListBindings(List.of());
        return QueryServer.bind("127.0.0.1", 0, token).withClusters(new ClusterRoutes(this, this)).start(none, none);
    }

    @Override
    public List<ClusterWatch> all() {
        check();
        return clusters;
    }

    @Override
    public Optional<ClusterWatch> byName(String cluster) {
        check();
        return clusters.stream().filter(c -> c.getCluster().equals(cluster)).findFirst();
    }

    @Override
    public List<ClusterWatch> all(Set<Integer> partitions) {
        check();
        partitionsAsked.add(partitions);
        return clusters.stream().filter(c -> partitions.contains(partitionOf(c.getCluster()))).toList();
    }

    static int partitionOf(String cluster) {
        return cluster.endsWith("1") ? 1 : 0;
    }

    private void check() {
        if (unavailable) {
            throw new StoreUnavailableException("store cluster-states-store partition 0 is not queryable here (migrating or restoring)");
        }
    }

    /** A cluster as the watch-clusters stage stores it, with a heartbeat carrying Ready, resources and taints, carried since its last heartbeat. */
    public static ClusterWatch cluster(String name, ClusterState state, String incidentId, int flaps, Instant lastHeartbeat, Taint... taints) {
        ClusterHealthEvent heartbeat = ClusterHealthEvent.newBuilder()
                .setCluster(name)
                .setHeartbeatAt(lastHeartbeat)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready")
                        .setStatus(state == ClusterState.READY || state == ClusterState.RECOVERING ? "True" : "False").build()))
                .setAllocatable(new TreeMap<>(Map.of("cpu", "64", "memory", "256Gi")))
                .setAllocated(new TreeMap<>(Map.of("cpu", "12500m", "memory", "48Gi")))
                .setLabels(Map.of("region", "eu-west"))
                .setTaints(List.of(taints))
                .build();
        return ClusterWatch.newBuilder()
                .setCluster(name)
                .setState(state)
                .setReason(state == ClusterState.READY ? "Joined" : "HeartbeatMissed")
                .setMessage("because")
                .setSince(lastHeartbeat)
                .setIncidentId(incidentId)
                .setFlapCount(flaps)
                .setLastHeartbeatAt(lastHeartbeat)
                .setLastReceivedAt(lastHeartbeat)
                .setHeartbeat(heartbeat)
                .setTaints(Stream.of(taints).map(taint -> CarriedTaint.newBuilder().setKey(taint.getKey()).setValue(taint.getValue())
                        .setEffect(taint.getEffect()).setTimeAdded(lastHeartbeat).build()).toList())
                .build();
    }
}
