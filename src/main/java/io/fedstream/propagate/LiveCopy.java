package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The object of a workload's name that a member cluster has, and whose it is.
 *
 * @param object the object as the cluster's API server returns it
 * @param ownership who put it there
 * @param beingPurged a PURGE command is removing it (the executor's migration path)
 * @param lastSeenVersion the {@link ObjectVersion} the copy had when the executor last wrote it or found it as its binding
 *     says (Karmada's version record), or null when it does not know
 */
public record LiveCopy(JsonNode object, Ownership ownership, boolean beingPurged, String lastSeenVersion) {

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

    /** True when nobody changed the copy since the executor last saw it as its binding says (Karmada's {@code NeedsUpdate} false). */
    boolean unchangedSinceSeen() {
        return lastSeenVersion != null && lastSeenVersion.equals(ObjectVersion.of(object));
    }
}
