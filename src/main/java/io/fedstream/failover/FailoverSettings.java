package io.fedstream.failover;

import io.fedstream.place.CheckpointStorage;
import io.fedstream.place.PropagationPolicy;

import java.util.Objects;

/**
 * A PropagationPolicy's failover settings: the behaviour after a cluster failure and after an application failure, and
 * where checkpoints live (whether it migrates at all, {@code failover.enable}, the pass reads from the policy).
 *
 * @param cluster how migrations after a cluster failure go
 * @param application how migrations after an application failure go; null when the policy has no
 *                    {@code failover.application} (Karmada then never migrates on application failure)
 * @param checkpointStorage copied into every command
 */
public record FailoverSettings(FailoverBehavior cluster, FailoverBehavior application, CheckpointStorage checkpointStorage) {

    /** A policy without {@code failover}: cluster failures migrate with Karmada's defaults, application failures do not. */
    public static final FailoverSettings DEFAULTS = new FailoverSettings(FailoverBehavior.DEFAULTS, null, CheckpointStorage.NONE);

    public FailoverSettings {
        Objects.requireNonNull(cluster, "cluster");
        checkpointStorage = checkpointStorage == null ? CheckpointStorage.NONE : checkpointStorage;
    }

    /**
     * The settings of a policy's {@code failover}. Cluster failures follow {@code failover.cluster}; a policy that has
     * none but has {@code failover.application} fails over on cluster failure by its application behaviour (purge mode,
     * grace period, statePreservation), as fedstream did before it read {@code failover.cluster}; with neither, Karmada's
     * defaults apply. Karmada itself falls back to its defaults in both cases (docs/failover.md, "The failover API").
     */
    public static FailoverSettings of(PropagationPolicy.Failover failover) {
        if (failover == null) {
            return DEFAULTS;
        }
        FailoverBehavior application = failover.application() == null ? null : FailoverBehavior.of(failover.application());
        FailoverBehavior cluster = failover.cluster() != null ? FailoverBehavior.of(failover.cluster())
                : application != null ? application : FailoverBehavior.DEFAULTS;
        return new FailoverSettings(cluster, application, failover.checkpointStorage());
    }

    /** The behaviour for a failure of this cause; an application failure needs {@code failover.application}. */
    public FailoverBehavior behavior(FailureCause cause) {
        if (cause == FailureCause.CLUSTER) {
            return cluster;
        }
        if (application == null) {
            throw new IllegalStateException("the policy has no failover.application: application failures are not migrated");
        }
        return application;
    }
}
