package io.fedstream.bind;

import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.Component;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.Resources;
import io.fedstream.override.ReplicaRevision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A binding's per-cluster override results as each cluster runs them: on a cluster of a DIVIDED placement, the
 * overridden manifest and components carry that cluster's share of the replicas, as Karmada's {@code ensureWork} revises
 * the replicas to the share before the overrides apply; the counts are those the admit step charges ({@link
 * ShareReplicas}). The binding record keeps the results as written, from which the charge is decided.
 */
public final class ShareOverrides {

    private static final ReplicaRevision REVISION = new ReplicaRevision(Interpreter.builtIn());

    private ShareOverrides() {}

    /** The binding's {@code clusterOverrides}, each share of a DIVIDED placement revised to its replicas. */
    public static List<ClusterOverride> shown(ResourceBinding binding) {
        Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DIVIDED) {
            return binding.getClusterOverrides();
        }
        List<ClusterOverride> out = new ArrayList<>();
        for (ClusterOverride override : binding.getClusterOverrides()) {
            int index = ShareReplicas.indexOf(placement, override.getCluster());
            out.add(index < 0 || override.getProblem() != null ? override : revised(binding, override, index));
        }
        return out;
    }

    /**
     * The manifest a copy of the share that runs on {@code source} gets on {@code target} (a share moving there): the
     * target's overrides with the share's replicas; null when no rule applies on the target.
     */
    public static String movedManifest(ResourceBinding binding, String source, String target) {
        return BindingOverrides.applied(binding, target).map(override -> {
            int index = ShareReplicas.indexOf(binding.getPlacement(), source);
            return index < 0 ? override.getManifest() : revised(binding, override, index).getManifest();
        }).orElse(null);
    }

    private static ClusterOverride revised(ResourceBinding binding, ClusterOverride override, int index) {
        long[] pods = ShareReplicas.of(binding, override.getComponents(), index);
        List<Component> components = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        Resources total = Resources.NONE;
        Resources totalLimits = Resources.NONE;
        for (int i = 0; i < pods.length; i++) {
            Component overridden = override.getComponents().get(i);
            Resources requests = Resources.fromQuantities(overridden.getPerPod()).times(pods[i]);
            Resources limits = Resources.fromQuantities(overridden.getPerPodLimits()).times(pods[i]);
            components.add(Component.newBuilder(overridden).setReplicas(pods[i]).setTotal(requests.toQuantities())
                    .setTotalLimits(limits.toQuantities()).build());
            counts.put(overridden.getName(), pods[i]);
            total = total.plus(requests);
            totalLimits = totalLimits.plus(limits);
        }
        return ClusterOverride.newBuilder(override)
                .setComponents(components)
                .setTotal(total.toQuantities())
                .setTotalLimits(totalLimits.toQuantities())
                .setManifest(override.getManifest() == null ? null : REVISION.revise(override.getManifest(), counts).manifest())
                .build();
    }
}
