package io.fedstream.bind;

import io.fedstream.admit.DividedShare;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each component's pods in one share of a binding's DIVIDED placement, as the admit step charges them and Karmada's
 * {@code ensureWork} revises a Work to them: a component whose count the cluster's override sets runs that count, any
 * other its pods as the placement lists them per component ({@link BindingShares}), else its part of the replicas split
 * by the clusters' {@code replicas}.
 */
public final class ShareReplicas {

    private ShareReplicas() {}

    /**
     * The pods per component (component name -> pods) that the share running on {@code source} runs once it moves to
     * {@code target}, after the target's override policies; empty when the placement is not DIVIDED or has no share on
     * {@code source}.
     */
    public static Map<String, Long> moved(ResourceBinding binding, String source, String target) {
        Placement placement = binding.getPlacement();
        int index = indexOf(placement, source);
        if (index < 0) {
            return Map.of();
        }
        List<Component> components = BindingOverrides.applied(binding, target).map(ClusterOverride::getComponents)
                .orElse(binding.getComponents());
        long[] pods = of(binding, components, index);
        Map<String, Long> out = new LinkedHashMap<>();
        for (int k = 0; k < pods.length; k++) {
            out.put(components.get(k).getName(), pods[k]);
        }
        return out;
    }

    /**
     * The pods of each of {@code components} (a cluster's overridden components, or the binding's own) in the share at
     * {@code index} of the binding's DIVIDED placement.
     */
    static long[] of(ResourceBinding binding, List<Component> components, int index) {
        List<DividedShare.Component> share = new ArrayList<>();
        for (Component overridden : components) {
            long written = binding.getComponents().stream().filter(c -> c.getName().equals(overridden.getName()))
                    .mapToLong(Component::getReplicas).findFirst().orElse(overridden.getReplicas());
            share.add(new DividedShare.Component(written, overridden.getReplicas(), Resources.fromQuantities(overridden.getPerPod()),
                    Resources.fromQuantities(overridden.getPerPodLimits())));
        }
        Placement placement = binding.getPlacement();
        List<Map<String, Long>> listed = BindingShares.lists(placement) ? BindingShares.of(binding, placement).shares() : null;
        if (listed == null) {
            long[] weights = placement.getClusters().stream().mapToLong(t -> t.getReplicas() == null ? -1 : t.getReplicas()).toArray();
            return DividedShare.replicas(share, weights, index);
        }
        long[] pods = new long[components.size()];
        for (int k = 0; k < pods.length; k++) {
            pods[k] = share.get(k).pods(listed.get(index).getOrDefault(components.get(k).getName(), 0L));
        }
        return pods;
    }

    /** The index of {@code cluster} among the clusters of a DIVIDED placement; -1 when it is not one of them. */
    static int indexOf(Placement placement, String cluster) {
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DIVIDED) {
            return -1;
        }
        List<ClusterTarget> clusters = placement.getClusters();
        for (int i = 0; i < clusters.size(); i++) {
            if (clusters.get(i).getName().equals(cluster)) {
                return i;
            }
        }
        return -1;
    }
}
