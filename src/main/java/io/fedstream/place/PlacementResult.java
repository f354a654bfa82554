package io.fedstream.place;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/** The outcome of placing one workload: candidate clusters in order of preference, or why no cluster fits. */
public sealed interface PlacementResult permits PlacementResult.Placed, PlacementResult.NoFit {

    /** Why every other cluster was left out. */
    List<Rejection> rejections();

    /**
     * Whether room alone kept a cluster from being chosen: no cluster fits, or the chosen affinity group comes after one
     * whose cluster passed every filter but room. Karmada has no resource filter, so a Duplicated workload would go to
     * that cluster ({@code select_clusters.go} {@code shouldIgnoreAvailableResource}).
     */
    default boolean leftOutForRoom() {
        String chosenGroup = this instanceof Placed placed ? placed.groupName() : null;
        return rejections().stream().anyMatch(rejection -> rejection.reason() == Rejection.Reason.INSUFFICIENT_RESOURCES
                && (this instanceof NoFit || !Objects.equals(rejection.group(), chosenGroup)));
    }

    /** A cluster the workload fits, its headroom after placement, and the PreferNoSchedule taints it does not tolerate. */
    record Candidate(String cluster, BigDecimal headroom, List<ClusterTaint> dispreferredBy) {

        public Candidate {
            dispreferredBy = List.copyOf(dispreferredBy);
        }
    }

    /**
     * The workload fits: {@code candidates} (never empty) in order, the first being the choice
     * and the next ones where to retry when the room asked for is refused; {@code groupIndex} and
     * {@code groupName} name the affinity group used (0 and null without {@code clusterAffinities}).
     */
    record Placed(List<Candidate> candidates, int groupIndex, String groupName, List<Rejection> rejections)
            implements PlacementResult {

        public Placed {
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("a placement needs at least one candidate");
            }
            candidates = List.copyOf(candidates);
            rejections = List.copyOf(rejections);
        }
    }

    /** No cluster fits: a summary and, per cluster (and per affinity group), why not. */
    record NoFit(String summary, List<Rejection> rejections) implements PlacementResult {

        public NoFit {
            rejections = List.copyOf(rejections);
        }
    }
}
