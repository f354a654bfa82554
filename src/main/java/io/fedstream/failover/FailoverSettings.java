package io.fedstream.failover;

import io.fedstream.avro.PurgeMode;
import io.fedstream.place.PropagationPolicy;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A PropagationPolicy's failover settings in Karmada's vocabulary, plus fedstream's checkpointStorage. */
public record FailoverSettings(PurgeMode purgeMode, Integer gracePeriodSeconds, StatePreservation statePreservation,
                               Map<String, String> checkpointStorage) {

    /** Karmada's defaults: purge Gracefully with a grace period of 600 s, nothing preserved. */
    public static final FailoverSettings DEFAULTS =
            new FailoverSettings(PurgeMode.Gracefully, 600, new StatePreservation(List.of()), Map.of());

    public FailoverSettings {
        Objects.requireNonNull(purgeMode, "purgeMode");
        Objects.requireNonNull(statePreservation, "statePreservation");
        if (gracePeriodSeconds != null && gracePeriodSeconds < 0) {
            throw new IllegalArgumentException("gracePeriodSeconds must not be negative: " + gracePeriodSeconds);
        }
        checkpointStorage = checkpointStorage == null ? Map.of() : Map.copyOf(checkpointStorage);
    }

    /** The settings of a policy's {@code failover.application}; Karmada's defaults when the policy has none. */
    public static FailoverSettings of(PropagationPolicy.ApplicationFailover failover) {
        if (failover == null) {
            return DEFAULTS;
        }
        List<StatePreservation.Rule> rules = failover.statePreservation().stream()
                .map(rule -> StatePreservation.Rule.of(rule.aliasLabelName(), rule.jsonPath()))
                .toList();
        Integer grace = failover.gracePeriodSeconds() == null ? null : Math.toIntExact(failover.gracePeriodSeconds());
        return new FailoverSettings(PurgeMode.valueOf(failover.purgeMode().name()), grace, new StatePreservation(rules),
                failover.checkpointStorage());
    }
}
