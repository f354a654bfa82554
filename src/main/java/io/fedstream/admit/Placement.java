package io.fedstream.admit;

import java.util.List;
import java.util.Objects;

/**
 * Where a workload is placed, as far as charging it is concerned: the clusters and whether
 * each runs a full copy (DUPLICATED) or a share of the replicas (DIVIDED).
 */
public record Placement(Scheduling scheduling, List<Target> clusters) {

    /** How replicas are spread over the placed clusters. */
    public enum Scheduling { DUPLICATED, DIVIDED }

    /**
     * One placed cluster; {@code replicas} is given only when replicas are DIVIDED; {@code overridden}, when override
     * policies change what a copy on this cluster requests (docs/overrides.md), is that copy's demand (unplaced), and
     * for a DIVIDED share listed per component ({@link ComponentShares}) it is that share's exact demand.
     */
    public record Target(String cluster, Long replicas, Demand overridden) {

        public Target {
            Objects.requireNonNull(cluster, "cluster");
            if (replicas != null && replicas < 0) {
                throw new IllegalArgumentException("replicas of cluster " + cluster + " must not be negative: " + replicas);
            }
        }
    }

    public Placement {
        Objects.requireNonNull(scheduling, "scheduling");
        clusters = clusters == null ? List.of() : List.copyOf(clusters);
    }
}
