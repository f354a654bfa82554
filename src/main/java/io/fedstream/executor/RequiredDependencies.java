package io.fedstream.executor;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which workloads on this cluster need which objects sent along ({@code propagateDeps}), both ways: a dependency stays
 * on the cluster while one workload there needs it, as Karmada's attached binding lives while its {@code requiredBy}
 * lists a binding ({@code pkg/dependenciesdistributor}).
 */
final class RequiredDependencies {

    private final Map<String, Set<String>> needs = new HashMap<>();
    private final Map<String, Set<String>> neededBy = new HashMap<>();

    /** Records what {@code workload} needs now (empty: nothing); returns the dependencies whose need changed. */
    Set<String> record(String workload, List<String> dependencies) {
        Set<String> now = new HashSet<>(dependencies);
        Set<String> before = now.isEmpty() ? needs.remove(workload) : needs.put(workload, now);
        Set<String> changed = new HashSet<>();
        if (before != null) {
            for (String dependency : before) {
                if (!now.contains(dependency)) {
                    Set<String> workloads = neededBy.get(dependency);
                    workloads.remove(workload);
                    if (workloads.isEmpty()) {
                        neededBy.remove(dependency);
                    }
                    changed.add(dependency);
                }
            }
        }
        for (String dependency : now) {
            if (neededBy.computeIfAbsent(dependency, d -> new HashSet<>()).add(workload)) {
                changed.add(dependency);
            }
        }
        return changed;
    }

    /** The workloads on this cluster that need {@code dependency}, in name order. */
    List<String> neededBy(String dependency) {
        return neededBy.getOrDefault(dependency, Set.of()).stream().sorted().toList();
    }
}
