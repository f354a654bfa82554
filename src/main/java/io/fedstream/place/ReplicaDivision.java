package io.fedstream.place;

import java.util.List;
import java.util.Objects;

/**
 * How a Divided workload's replicas are split ({@code replicaScheduling} with {@code replicaSchedulingType: Divided}):
 * Aggregated (as few clusters as possible) or Weighted, by a static weight list or dynamically by each cluster's
 * available replicas. Weighted with neither weighs every cluster the same (Karmada's rule).
 */
public record ReplicaDivision(Preference preference, List<StaticWeight> staticWeights, boolean dynamicByAvailableReplicas) {

    /** Karmada's {@code replicaDivisionPreference}; Weighted is the default for Divided. */
    public enum Preference { Aggregated, Weighted }

    /** One {@code weightPreference.staticWeightList} entry: the clusters the weight applies to, and the weight (at least 1). */
    public record StaticWeight(ClusterAffinity targetCluster, long weight) {

        public StaticWeight {
            Objects.requireNonNull(targetCluster, "targetCluster");
            if (weight < 1) {
                throw new IllegalArgumentException("a static weight is at least 1: " + weight);
            }
        }
    }

    /** Divided with Karmada's defaults: Weighted, every cluster weighing the same. */
    public static final ReplicaDivision EVEN = new ReplicaDivision(Preference.Weighted, List.of(), false);

    public ReplicaDivision {
        Objects.requireNonNull(preference, "preference");
        staticWeights = List.copyOf(staticWeights);
        if (preference == Preference.Aggregated && (dynamicByAvailableReplicas || !staticWeights.isEmpty())) {
            throw new IllegalArgumentException("Aggregated takes no weight preference");
        }
        if (dynamicByAvailableReplicas && !staticWeights.isEmpty()) {
            throw new IllegalArgumentException("a dynamic weight replaces the static weight list");
        }
    }

    /** True when replicas follow the clusters' available replicas (Aggregated, or dynamic weight); false for static weights. */
    public boolean byAvailableReplicas() {
        return preference == Preference.Aggregated || dynamicByAvailableReplicas;
    }
}
