package io.fedstream.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One heartbeat of a member cluster from its nodes and pods: allocatable summed over Ready, schedulable nodes;
 * allocated summed over the requests of scheduled, non-terminal pods, each computed by the interpreter's own
 * {@link PodRequests} (init containers, sidecars, pod-level resources and overhead as Kubernetes counts them), plus one
 * {@code pods} slot per such pod; a Ready condition that says whether the API server answers.
 */
final class ClusterHeartbeat {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TERMINAL_PHASES = Set.of("Succeeded", "Failed");

    private final AgentSettings settings;
    private final KubernetesSerialization serialization;

    ClusterHeartbeat(AgentSettings settings, KubernetesSerialization serialization) {
        this.settings = settings;
        this.serialization = serialization;
    }

    /** The heartbeat at {@code now}; {@code reachable} false means the agent lost the API server (Ready False). */
    ClusterHealthEvent of(Collection<Node> nodes, Collection<Pod> pods, boolean reachable, Instant now) {
        return of(nodes, pods, reachable, now, null);
    }

    /** As {@link #of(Collection, Collection, boolean, Instant)}, saying which kinds the cluster serves (null: not known yet). */
    ClusterHealthEvent of(Collection<Node> nodes, Collection<Pod> pods, boolean reachable, Instant now, List<String> servedKinds) {
        Resources allocatable = Resources.NONE;
        int ready = 0;
        for (Node node : nodes) {
            if (isReady(node) && !Boolean.TRUE.equals(node.getSpec() == null ? null : node.getSpec().getUnschedulable())) {
                ready++;
                allocatable = allocatable.plus(quantities(node.getStatus() == null ? null : node.getStatus().getAllocatable()));
            }
        }
        Resources allocated = Resources.NONE;
        long scheduled = 0;
        for (Pod pod : pods) {
            if (pod.getSpec() == null || pod.getSpec().getNodeName() == null
                    || (pod.getStatus() != null && TERMINAL_PHASES.contains(pod.getStatus().getPhase()))) {
                continue;
            }
            scheduled++;
            allocated = allocated.plus(request(pod));
        }
        allocated = allocated.plus(Resources.fromQuantities(Map.of("pods", Long.toString(scheduled))));
        ClusterCondition condition = reachable
                ? new ClusterCondition("Ready", "True", "ClusterReady", ready + " of " + nodes.size() + " nodes Ready and schedulable", null)
                : new ClusterCondition("Ready", "False", "ClusterNotReachable", "the agent cannot reach the cluster's API server", null);
        return ClusterHealthEvent.newBuilder()
                .setCluster(settings.cluster())
                .setHeartbeatAt(now)
                .setConditions(List.of(condition))
                .setAllocatable(reachable ? allocatable.toQuantities() : Map.of())
                .setAllocated(reachable ? allocated.toQuantities() : Map.of())
                .setLabels(settings.labels())
                .setTaints(settings.taints())
                .setSource(AgentSettings.SOURCE_PREFIX + settings.cluster())
                .setServedKinds(servedKinds)
                .build();
    }

    private Resources request(Pod pod) {
        try {
            Problems problems = new Problems();
            PodRequest request = PodRequests.of(Cursor.root(JSON.readTree(serialization.asJson(pod.getSpec())), "spec", problems));
            return request.resources();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("fabric8 wrote a pod spec Jackson cannot read: " + e.getOriginalMessage(), e);
        }
    }

    private static boolean isReady(Node node) {
        if (node.getStatus() == null || node.getStatus().getConditions() == null) {
            return false;
        }
        for (NodeCondition condition : node.getStatus().getConditions()) {
            if ("Ready".equals(condition.getType())) {
                return "True".equals(condition.getStatus());
            }
        }
        return false;
    }

    private static Resources quantities(Map<String, Quantity> quantities) {
        if (quantities == null) {
            return Resources.NONE;
        }
        Map<String, String> text = new LinkedHashMap<>();
        quantities.forEach((name, quantity) -> text.put(name, quantity.toString()));
        return Resources.fromQuantities(text);
    }
}
