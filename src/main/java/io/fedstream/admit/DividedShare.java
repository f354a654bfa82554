package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import java.util.List;
import java.util.Objects;

/**
 * What one cluster's share of a DIVIDED workload asks for when its override policies change it, as Karmada's binding
 * controller builds that cluster's manifest ({@code pkg/controllers/binding/common.go ensureWork}): the replicas are
 * revised to the cluster's share first, then the overrides apply, so an override that sets a component's replica count
 * decides it there, and otherwise the share does; every pod asks what the overridden manifest asks per pod.
 */
public final class DividedShare {

    /**
     * One component: its replica count as written and after the cluster's overrides (applied to the manifest as
     * written), and each overridden pod's requests and limits.
     */
    public record Component(long writtenReplicas, long overriddenReplicas, Resources perPod, Resources perPodLimits) {

        public Component {
            Objects.requireNonNull(perPod, "perPod");
            perPodLimits = perPodLimits == null ? Resources.NONE : perPodLimits;
        }

        /** Its pods on a share: the count the cluster's override sets, else {@code share}, its pods there as written. */
        public long pods(long share) {
            return overriddenReplicas != writtenReplicas ? overriddenReplicas : share;
        }
    }

    private DividedShare() {}

    /**
     * The demand of the share at {@code index} of the clusters' {@code weights} (their replica counts; a missing one,
     * -1, or all 0 split evenly, as the charge does). An override that leaves a component's count as written leaves the
     * count to the division: the two cannot be told apart.
     */
    public static Demand of(List<Component> components, long[] weights, int index) {
        return of(components, replicas(components, weights, index));
    }

    /**
     * The demand of a share whose pods per component are known ({@code shares[k]} pods of component k, as the placement
     * lists them per component, {@link ComponentShares}); an override that changes a component's count still decides it.
     */
    public static Demand of(List<Component> components, long[] shares) {
        if (shares.length != components.size()) {
            throw new IllegalArgumentException(components.size() + " components, " + shares.length + " shares");
        }
        Resources requests = Resources.NONE;
        Resources limits = Resources.NONE;
        long total = 0;
        for (int k = 0; k < shares.length; k++) {
            Component component = components.get(k);
            long replicas = component.pods(shares[k]);
            requests = requests.plus(component.perPod().times(replicas));
            limits = limits.plus(component.perPodLimits().times(replicas));
            total = Math.addExact(total, replicas);
        }
        return new Demand(requests, limits, total, null);
    }

    /**
     * Each component's pods on the share at {@code index}, in order: the count its cluster's override sets, else its
     * part of the replicas as written (so what a share is shown to run is what it is charged for).
     */
    public static long[] replicas(List<Component> components, long[] weights, int index) {
        long[] split = ProportionalSplit.orEven(weights);
        long[] out = new long[components.size()];
        for (int i = 0; i < out.length; i++) {
            Component component = components.get(i);
            out[i] = component.pods(ProportionalSplit.split(component.writtenReplicas(), split)[index]);
        }
        return out;
    }
}
