package io.fedstream.api;

import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Clusters as the watch-clusters stage stores them, for the query API's tests and the command-line tests. */
public final class TestClusters {

    private TestClusters() {}

    /**
     * A cluster as the watch-clusters stage stores it, with a heartbeat carrying Ready, resources and taints; the watch
     * carries the heartbeat's taints since the last heartbeat.
     */
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
