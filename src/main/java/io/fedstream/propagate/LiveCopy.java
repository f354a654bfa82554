package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The object of a workload's name that a member cluster has, and whose it is.
 *
 * @param object the object as the cluster's API server returns it
 * @param ownership who put it there
 * @param beingPurged a PURGE command is removing it (the executor's migration path)
 */
public record LiveCopy(JsonNode object, Ownership ownership, boolean beingPurged) {

    /** Who put an object on the cluster. */
    public enum Ownership {
        /** fedstream propagated it ({@link PropagationMarks#MANAGED_LABEL}). */
        PROPAGATED,
        /** fedstream's executor created it on a migration's target, before the binding placed the workload there. */
        MIGRATED,
        /** It is the workload itself: the object this cluster's agent reported the workload from. */
        ORIGIN,
        /** Someone else: a user, another controller. */
        FOREIGN
    }

    /** True when fedstream put it there, by propagation or by a migration. */
    public boolean isFedstreams() {
        return ownership == Ownership.PROPAGATED || ownership == Ownership.MIGRATED;
    }
}
