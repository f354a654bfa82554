package io.fedstream.bind;

import io.fedstream.admit.ComponentShares;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads each cluster's share per component of a binding's divided placement ({@code clusters[].components}), for the
 * stages that charge and move a share; writes it for the stages that divide.
 */
public final class BindingShares {

    /** Each placed cluster's pods per component (placement order), or why they are not known (then {@code shares} is null). */
    public record Listed(List<Map<String, Long>> shares, String problem) {}

    private BindingShares() {}

    /** Whether the placement is DIVIDED and lists the share of each component on some cluster. */
    public static boolean lists(Placement placement) {
        return placement != null && placement.getScheduling() == ReplicaScheduling.DIVIDED
                && placement.getClusters().stream().anyMatch(target -> !target.getComponents().isEmpty());
    }

    /**
     * The shares the placement lists, fitted to the binding's component replicas ({@link ComponentShares}); a problem
     * naming the field and value when the placement does not list them or lists a negative count.
     */
    public static Listed of(ResourceBinding binding, Placement placement) {
        if (!lists(placement)) {
            return new Listed(null, "its placement does not list each component's share (placement.clusters[].components)");
        }
        List<Map<String, Long>> listed = new ArrayList<>();
        for (int i = 0; i < placement.getClusters().size(); i++) {
            Map<String, Long> share = new LinkedHashMap<>();
            List<ComponentShare> components = placement.getClusters().get(i).getComponents();
            for (int k = 0; k < components.size(); k++) {
                ComponentShare component = components.get(k);
                if (component.getReplicas() < 0) {
                    return new Listed(null, "placement.clusters[" + i + "].components[" + k + "].replicas must not be negative (value: "
                            + component.getReplicas() + ")");
                }
                share.merge(component.getName(), component.getReplicas(), Long::sum);
            }
            listed.add(share);
        }
        Map<String, Long> replicas = new LinkedHashMap<>();
        binding.getComponents().forEach(component -> replicas.put(component.getName(), component.getReplicas()));
        return new Listed(ComponentShares.fitted(replicas, listed), null);
    }

    /**
     * A divided target as the binding lists it: its replicas, and each component's pods there (in the binding's component
     * order) when the workload has several components; {@code pods} maps each component to its pods on the cluster.
     */
    public static ClusterTarget divided(ResourceBinding binding, String cluster, Map<String, Long> pods) {
        List<ComponentShare> components = new ArrayList<>();
        if (binding.getComponents().size() > 1) {
            for (Component component : binding.getComponents()) {
                long count = pods.getOrDefault(component.getName(), 0L);
                if (count > 0) {
                    components.add(new ComponentShare(component.getName(), count));
                }
            }
        }
        long replicas = pods.values().stream().mapToLong(Long::longValue).sum();
        return ClusterTarget.newBuilder().setName(cluster).setReplicas(replicas).setComponents(components).build();
    }
}
