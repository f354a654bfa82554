package io.fedstream.failover;

import io.fedstream.avro.PurgeMode;
import io.fedstream.place.PropagationPolicy;

import java.util.List;
import java.util.Objects;

/**
 * How the migrations after one kind of failure go (Karmada's ClusterFailoverBehavior or ApplicationFailoverBehavior):
 * how the copy left behind is purged, how long a graceful purge may wait, which state is preserved.
 */
public record FailoverBehavior(PurgeMode purgeMode, Integer gracePeriodSeconds, StatePreservation statePreservation) {

    /**
     * Karmada's cluster failover without {@code failover.cluster}: purge Gracefully (the controller's
     * {@code --no-execute-taint-eviction-purge-mode} default) within 600 s ({@code --graceful-eviction-timeout}), nothing
     * preserved.
     */
    public static final FailoverBehavior DEFAULTS = new FailoverBehavior(PurgeMode.Gracefully, 600, new StatePreservation(List.of()));

    public FailoverBehavior {
        Objects.requireNonNull(purgeMode, "purgeMode");
        Objects.requireNonNull(statePreservation, "statePreservation");
        if (gracePeriodSeconds != null && gracePeriodSeconds < 0) {
            throw new IllegalArgumentException("gracePeriodSeconds must not be negative: " + gracePeriodSeconds);
        }
    }

    /** {@code failover.cluster}: no grace period of its own, so a graceful purge waits Karmada's eviction timeout. */
    static FailoverBehavior of(PropagationPolicy.ClusterFailover cluster) {
        PurgeMode mode = PurgeMode.valueOf(cluster.purgeMode().name());
        return new FailoverBehavior(mode, mode == PurgeMode.Gracefully ? DEFAULTS.gracePeriodSeconds() : null,
                preservation(cluster.statePreservation()));
    }

    static FailoverBehavior of(PropagationPolicy.ApplicationFailover application) {
        Integer grace = application.gracePeriodSeconds() == null ? null : Math.toIntExact(application.gracePeriodSeconds());
        return new FailoverBehavior(PurgeMode.valueOf(application.purgeMode().name()), grace,
                preservation(application.statePreservation()));
    }

    private static StatePreservation preservation(List<PropagationPolicy.StatePreservationRule> rules) {
        return new StatePreservation(rules.stream().map(rule -> StatePreservation.Rule.of(rule.aliasLabelName(), rule.jsonPath())).toList());
    }
}
