package io.fedstream.admit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each cluster's pods of each component of a divided workload whose placement lists them per component, fitted to the
 * version's replicas: a component's replicas are split over the clusters by the pods listed for it (the very numbers
 * when they add up, as the scheduler writes them; in proportion when a later version scaled the component), or by each
 * cluster's listed pods in all when no cluster lists the component (one added since). Exact: every component's shares
 * add up to its replicas.
 */
public final class ComponentShares {

    private ComponentShares() {}

    /**
     * The shares of {@code replicas} (each component's replicas, in component order) over the clusters whose listed pods
     * per component are {@code listed} (non-negative, in placement order); a component with no pods on a cluster is left
     * out of that cluster's map.
     */
    public static List<Map<String, Long>> fitted(Map<String, Long> replicas, List<Map<String, Long>> listed) {
        long[] clusterPods = new long[listed.size()];
        for (int i = 0; i < listed.size(); i++) {
            for (long pods : listed.get(i).values()) {
                if (pods < 0) {
                    throw new IllegalArgumentException("listed pods must not be negative: " + pods);
                }
                clusterPods[i] = Math.addExact(clusterPods[i], pods);
            }
        }
        List<Map<String, Long>> out = new ArrayList<>();
        listed.forEach(cluster -> out.add(new LinkedHashMap<>()));
        if (listed.isEmpty()) {
            return List.of();
        }
        replicas.forEach((component, count) -> {
            long[] weights = listed.stream().mapToLong(cluster -> cluster.getOrDefault(component, 0L)).toArray();
            if (Arrays.stream(weights).allMatch(w -> w == 0)) {
                weights = clusterPods;
            }
            long[] split = ProportionalSplit.split(count, ProportionalSplit.orEven(weights));
            for (int i = 0; i < split.length; i++) {
                if (split[i] > 0) {
                    out.get(i).put(component, split[i]);
                }
            }
        });
        return out.stream().map(Collections::unmodifiableMap).toList();
    }
}
