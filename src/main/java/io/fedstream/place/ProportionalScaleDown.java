package io.fedstream.place;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fedstream.place.ReplicaScheduler.fewest;

/**
 * Karmada's steady-mode scale-down of a division by available replicas ({@code pkg/scheduler/core/division_algorithm.go}
 * {@code dynamicScaleDown}, reached from {@code assignment.go} {@code assignByDynamicStrategy} when the replicas asked
 * are fewer than those assigned): each component that runs more pods than asked is divided again in proportion to the
 * pods each cluster runs now. The clusters are ordered by those pods, most first; Aggregated keeps only the fewest of them,
 * in that order, that ran at least the replicas asked; the replicas are then divided by {@link WeightedDivision}, so a
 * cluster never grows. Pure, no Kafka types.
 */
final class ProportionalScaleDown {

    private ProportionalScaleDown() {}

    /**
     * The shares after the scale-down: every component asked for fewer pods than {@code running} holds is divided again
     * by the running pods; the other components keep their shares. {@code running} lists the clusters in preference
     * order, which breaks ties in pods (Karmada breaks them at random); clusters left with no pods are dropped.
     */
    static Map<String, Map<String, Long>> of(List<ComponentDemand> components, Map<String, Map<String, Long>> running, boolean aggregated) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        running.keySet().forEach(cluster -> out.put(cluster, new LinkedHashMap<>()));
        for (ComponentDemand component : components) {
            List<WeightedDivision.Weight> weights = new ArrayList<>();
            long runs = 0;
            for (Map.Entry<String, Map<String, Long>> share : running.entrySet()) {
                long pods = share.getValue().getOrDefault(component.name(), 0L);
                if (pods > 0) {
                    weights.add(new WeightedDivision.Weight(share.getKey(), pods));
                    runs += pods;
                }
            }
            Map<String, Long> divided = new LinkedHashMap<>();
            if (runs > component.replicas()) {
                weights.sort(Comparator.comparingLong(WeightedDivision.Weight::weight).reversed());
                List<WeightedDivision.Weight> used = aggregated
                        ? fewest(weights, WeightedDivision.Weight::weight, component.replicas()) : weights;
                divided.putAll(WeightedDivision.divide(component.replicas(), used));
            } else {
                weights.forEach(weight -> divided.put(weight.cluster(), weight.weight()));
            }
            divided.forEach((cluster, pods) -> {
                if (pods > 0) {
                    out.get(cluster).put(component.name(), pods);
                }
            });
        }
        out.values().removeIf(Map::isEmpty);
        return out;
    }
}
