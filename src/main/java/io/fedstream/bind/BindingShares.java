package io.fedstream.bind;

import io.fedstream.admit.ComponentShares;
import io.fedstream.admit.DividedShare;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.ComponentShare;
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
import java.util.Optional;

/**
 * A binding's shares of a DIVIDED placement: reads each cluster's share per component ({@code clusters[].components})
 * for the stages that charge and move a share, writes it for the stages that divide, and gives each share's pods and
 * override results as the cluster runs them. Each component's pods in a share are those the admit step charges and
 * Karmada's {@code ensureWork} revises a Work to: a component whose count the cluster's override sets runs that count,
 * any other its pods as the placement lists them per component, else its part of the replicas split by the clusters'
 * {@code replicas}. The binding record keeps the override results as written, from which the charge is decided; they
 * are read here for a copy of any placement, DIVIDED or DUPLICATED ({@link #appliedOverride}).
 */
public final class BindingShares {

    private static final ReplicaRevision REVISION = new ReplicaRevision(Interpreter.builtIn());

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

    /**
     * What the override policies make of the workload on the cluster, for a copy of any placement; empty when no rule
     * applies there or they cannot apply.
     */
    public static Optional<ClusterOverride> appliedOverride(ResourceBinding binding, String cluster) {
        for (ClusterOverride override : binding.getClusterOverrides()) {
            if (override.getCluster().equals(cluster) && override.getProblem() == null) {
                return Optional.of(override);
            }
        }
        return Optional.empty();
    }

    /**
     * The pods per component (component name -> pods) that the share running on {@code source} runs once it moves to
     * {@code target}, after the target's override policies; empty when the placement is not DIVIDED or has no share on
     * {@code source}.
     */
    public static Map<String, Long> movedReplicas(ResourceBinding binding, String source, String target) {
        int index = indexOf(binding.getPlacement(), source);
        if (index < 0) {
            return Map.of();
        }
        List<Component> components = appliedOverride(binding, target).map(ClusterOverride::getComponents)
                .orElse(binding.getComponents());
        long[] pods = pods(binding, components, index);
        Map<String, Long> out = new LinkedHashMap<>();
        for (int k = 0; k < pods.length; k++) {
            out.put(components.get(k).getName(), pods[k]);
        }
        return out;
    }

    /**
     * The manifest a copy of the share that runs on {@code source} gets on {@code target} (a share moving there): the
     * target's overrides with the share's replicas; null when no rule applies on the target.
     */
    public static String movedManifest(ResourceBinding binding, String source, String target) {
        return appliedOverride(binding, target).map(override -> {
            int index = indexOf(binding.getPlacement(), source);
            return index < 0 ? override.getManifest() : revised(binding, override, index).getManifest();
        }).orElse(null);
    }

    /**
     * The binding's {@code clusterOverrides} as each cluster runs them: on a cluster of a DIVIDED placement, the
     * overridden manifest and components carry that cluster's share of the replicas, as Karmada's {@code ensureWork}
     * revises the replicas to the share before the overrides apply.
     */
    public static List<ClusterOverride> shownOverrides(ResourceBinding binding) {
        Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DIVIDED) {
            return binding.getClusterOverrides();
        }
        List<ClusterOverride> out = new ArrayList<>();
        for (ClusterOverride override : binding.getClusterOverrides()) {
            int index = indexOf(placement, override.getCluster());
            out.add(index < 0 || override.getProblem() != null ? override : revised(binding, override, index));
        }
        return out;
    }

    private static ClusterOverride revised(ResourceBinding binding, ClusterOverride override, int index) {
        long[] pods = pods(binding, override.getComponents(), index);
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
                .setManifest(override.getManifest() == null ? null
                        : REVISION.revise(override.getManifest(), counts).manifest())
                .build();
    }

    /**
     * The pods of each of {@code components} (a cluster's overridden components, or the binding's own) in the share at
     * {@code index} of the binding's DIVIDED placement.
     */
    private static long[] pods(ResourceBinding binding, List<Component> components, int index) {
        List<DividedShare.Component> share = new ArrayList<>();
        for (Component overridden : components) {
            long written = binding.getComponents().stream().filter(c -> c.getName().equals(overridden.getName()))
                    .mapToLong(Component::getReplicas).findFirst().orElse(overridden.getReplicas());
            share.add(new DividedShare.Component(written, overridden.getReplicas(),
                    Resources.fromQuantities(overridden.getPerPod()),
                    Resources.fromQuantities(overridden.getPerPodLimits())));
        }
        Placement placement = binding.getPlacement();
        List<Map<String, Long>> listed = lists(placement) ? of(binding, placement).shares() : null;
        if (listed == null) {
            long[] weights = placement.getClusters().stream()
                    .mapToLong(t -> t.getReplicas() == null ? -1 : t.getReplicas()).toArray();
            return DividedShare.replicas(share, weights, index);
        }
        long[] pods = new long[components.size()];
        for (int k = 0; k < pods.length; k++) {
            pods[k] = share.get(k).pods(listed.get(index).getOrDefault(components.get(k).getName(), 0L));
        }
        return pods;
    }

    /** The index of {@code cluster} among the clusters of a DIVIDED placement; -1 when it is not one of them. */
    private static int indexOf(Placement placement, String cluster) {
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
