package io.fedstream.decide;

import io.fedstream.avro.ReservationPurpose;
import java.util.List;
import java.util.Map;

/**
 * What the pass remembers of one workload beyond its binding, in its {@link Workloads} record: the ask of room it waits for,
 * the cluster it was placed on (until the binding shows it), its affinity group, whether it waits for room, and
 * what failovers preserved so far.
 *
 * @param pending the outstanding ask of one cluster's room (to place or to migrate), or null
 * @param placedCluster the cluster granted to a placement the binding does not show yet, or null
 * @param group the affinity group the workload was placed from (0 without groups)
 * @param unplaceableGeneration the binding generation last found to fit nowhere (-1: none), so it is audited once
 * @param preserved statePreservation values carried from earlier failovers (karmada-io/karmada#6232)
 * @param shares a placement over several clusters in progress or made (until the binding shows it), or null
 * @param redivision the shares of a multi-cluster placement being re-divided after one share failed (its cluster or its
 *                   application) or re-scaled to a new replica count, or null
 * @param listedUnder the policy key (or {@link PolicyPlacements#UNCLAIMED}) the workload's applied placement is listed
 *                    under in {@link PolicyPlacements}, or null when it is not listed
 */
public record PlacementState(Pending pending, String placedCluster, int group, long unplaceableGeneration,
                            Map<String, String> preserved, ShareReservation shares, Redivision redivision, String listedUnder) {

    public static final PlacementState NEW = new PlacementState(null, null, 0, -1, Map.of(), null, null, null);

    public PlacementState {
        preserved = preserved == null ? Map.of() : Map.copyOf(preserved);
    }

    /**
     * An ask of one cluster's room in flight ({@link RoomAsk}, named by {@code requestId}) and the candidates still to
     * try after it.
     *
     * @param incidentId set for MIGRATE
     * @param sourceCluster the cluster a migration leaves, set for MIGRATE
     * @param candidates clusters in preference order; {@code index} is the one asked now
     * @param attempt the migration attempt (from 1) the ask is for; 0 for PLACE
     */
    public record Pending(String requestId, ReservationPurpose purpose, String incidentId, String sourceCluster,
                          List<String> candidates, int index, int group, long generation, int attempt) {

        public Pending {
            candidates = List.copyOf(candidates);
        }

        public String cluster() {
            return candidates.get(index);
        }

        public boolean hasNext() {
            return index + 1 < candidates.size();
        }

        public Pending next(String nextRequestId) {
            return new Pending(nextRequestId, purpose, incidentId, sourceCluster, candidates, index + 1, group, generation, attempt);
        }

        /** The candidates from the one asked now on: the granted target first, then the fallbacks. */
        public List<String> fromCurrent() {
            return candidates.subList(index, candidates.size());
        }
    }

    /**
     * Whether the workload's placement waits for answers of the room the task holds: one cluster's ask, or shares not all
     * answered. Its binding is written once that is decided.
     */
    public boolean placing() {
        return pending != null && pending.purpose() == ReservationPurpose.PLACE || shares != null && !shares.placed();
    }

    /**
     * Whether an ask of the room the task holds is unanswered: a placement's or a move's, a share's, or a growth's. Asks
     * waiting for a grant live in the task's memory: a task that starts asks these once again.
     */
    public boolean asking() {
        return pending != null || shares != null && !shares.placed() || redivision != null && !redivision.allGranted();
    }

    public PlacementState withPending(Pending next) {
        return new PlacementState(next, placedCluster, group, unplaceableGeneration, preserved, shares, redivision, listedUnder);
    }

    public PlacementState placedOn(String cluster, int placedGroup) {
        return new PlacementState(null, cluster, placedGroup, unplaceableGeneration, preserved, shares, redivision, listedUnder);
    }

    public PlacementState unplaceable(long generation) {
        return new PlacementState(null, placedCluster, group, generation, preserved, null, redivision, listedUnder);
    }

    public PlacementState settled() {
        return new PlacementState(pending, null, group, unplaceableGeneration, preserved, null, redivision, listedUnder);
    }

    public PlacementState withShares(ShareReservation next) {
        return new PlacementState(pending, placedCluster, next == null ? group : next.group(), unplaceableGeneration, preserved, next, redivision,
                listedUnder);
    }

    public PlacementState withRedivision(Redivision next) {
        return new PlacementState(pending, placedCluster, group, unplaceableGeneration, preserved, shares, next, listedUnder);
    }

    /** Listed in {@link PolicyPlacements} under {@code policyKey} (null: not listed). */
    public PlacementState listedUnder(String policyKey) {
        return new PlacementState(pending, placedCluster, group, unplaceableGeneration, preserved, shares, redivision, policyKey);
    }

    /** A failover's move decided: no ask or multi-cluster change under way, the preserved state as the command carries it. */
    public PlacementState moved(int movedGroup, Map<String, String> preservedState) {
        return new PlacementState(null, placedCluster, movedGroup, unplaceableGeneration, preservedState, null, null, listedUnder);
    }
}
