package io.fedstream.executor;

import io.fedstream.avro.ResourceBinding;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The latest binding of every workload, from {@code fedstream.bindings}, each kept with this cluster's override result
 * only (the others are not this executor's to apply), and which workloads each propagation policy governs, so that a
 * policy's change reaches exactly its workloads.
 */
final class KnownBindings {

    private final String cluster;
    private final Map<String, ResourceBinding> bindings = new HashMap<>();
    private final Map<String, Set<String>> governedBy = new HashMap<>();

    KnownBindings(String cluster) {
        this.cluster = cluster;
    }

    /** Takes one record of the bindings topic (null: the workload is deleted). */
    void accept(String key, ResourceBinding binding) {
        ResourceBinding previous = binding == null ? bindings.remove(key) : bindings.put(key, trimmed(binding));
        String before = policyOf(previous);
        String after = policyOf(binding);
        if (before != null && !before.equals(after)) {
            Set<String> keys = governedBy.get(before);
            if (keys != null && keys.remove(key) && keys.isEmpty()) {
                governedBy.remove(before);
            }
        }
        if (after != null) {
            governedBy.computeIfAbsent(after, p -> new LinkedHashSet<>()).add(key);
        }
    }

    /** The latest binding, or null when the workload is deleted or was never bound. */
    ResourceBinding get(String key) {
        return bindings.get(key);
    }

    /** The workloads placed under this policy ({@code PropagationPolicy/NS/NAME} or {@code ClusterPropagationPolicy/NAME}). */
    Set<String> governedBy(String policy) {
        return Set.copyOf(governedBy.getOrDefault(policy, Set.of()));
    }

    /** The workloads whose binding is of one of these kinds ({@code apiVersion/kind}). */
    Set<String> ofKinds(Set<String> kinds) {
        Set<String> keys = new LinkedHashSet<>();
        bindings.forEach((key, binding) -> {
            if (kinds.contains(binding.getApiVersion() + "/" + binding.getKind())) {
                keys.add(key);
            }
        });
        return keys;
    }

    /** Every workload with a binding. */
    Set<String> keys() {
        return Set.copyOf(bindings.keySet());
    }

    private ResourceBinding trimmed(ResourceBinding binding) {
        return ResourceBinding.newBuilder(binding)
                .setClusterOverrides(binding.getClusterOverrides().stream().filter(o -> o.getCluster().equals(cluster)).toList())
                .build();
    }

    private static String policyOf(ResourceBinding binding) {
        return binding == null || binding.getPlacement() == null ? null : binding.getPlacement().getPolicy();
    }
}
