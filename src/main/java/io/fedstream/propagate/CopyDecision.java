package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.WorkState;
import io.fedstream.interpret.lua.LuaScriptException;
import java.time.Instant;

/**
 * What the executor does to one cluster's copy of one workload, and what it reports: Karmada's execution controller
 * and object watcher on one Work ({@code pkg/controllers/execution/execution_controller.go} {@code syncToClusters},
 * {@code handleWorkDelete}; {@code pkg/util/objectwatcher/objectwatcher.go} {@code Create}, {@code Update} with
 * {@code allowUpdate}, {@code Delete} with {@code isManagedResource}). An object fedstream did not create is updated only
 * under {@code conflictResolution: Overwrite} and never deleted; a copy someone changed on the cluster is updated back
 * (Karmada's work status controller, {@code updateResource}), keeping what the cluster owns of it ({@link Retention}); an
 * update that would change nothing is not sent (the applied digest, the version last seen and the content, as Karmada's
 * version record and {@code resourceDeepEqual}); a copy that a failover took the
 * cluster away from waits for its PURGE command, as Karmada keeps the Work of a graceful eviction task
 * ({@code pkg/util/helper/binding.go} {@code ObtainBindingSpecExistingClusters}).
 */
public final class CopyDecision {

    /** What to send to the cluster. */
    public enum Action { NONE, CREATE, UPDATE, DELETE }

    /**
     * One decision.
     *
     * @param action what to send
     * @param body the object to create or the body of the update; null otherwise
     * @param state what to report once it is done; null to report nothing (nothing changed)
     * @param generation the binding generation the report is about
     * @param message the report's message, or null
     * @param seenVersion the {@link ObjectVersion} of the copy found as its Work says, when nothing is sent for that reason;
     *     null otherwise (the version of a copy created or updated is the one the API server answers with)
     */
    public record Step(Action action, ObjectNode body, WorkState state, long generation, String message, String seenVersion) {

        Step(Action action, ObjectNode body, WorkState state, long generation, String message) {
            this(action, body, state, generation, message, null);
        }
    }

    private CopyDecision() {}

    /**
     * The step for {@code desired} on {@code cluster}, given what it has ({@code live}, null when nothing), the governing
     * policy's settings and what an update keeps of the cluster's copy; {@code now} stamps a copy left for its PURGE.
     */
    public static Step decide(Desired desired, LiveCopy live, PropagationSettings settings, Retention retention, String cluster,
                              Instant now) {
        if (desired instanceof Desired.Apply apply) {
            try {
                return apply(apply, live, settings, retention, cluster);
            } catch (LuaScriptException e) {
                // Karmada's object watcher fails the update when the Retain hook fails: the copy stays as it is.
                return new Step(Action.NONE, null, WorkState.FAILED, apply.generation(), e.getMessage() + "; the copy on " + cluster
                        + " is left as it is");
            }
        }
        if (desired instanceof Desired.Failed failed) {
            return new Step(Action.NONE, null, WorkState.FAILED, failed.generation(), failed.message());
        }
        if (desired instanceof Desired.Held held) {
            return new Step(Action.NONE, null, null, 0, held.why());
        }
        return absent(((Desired.Absent) desired).why(), live, settings, cluster, now);
    }

    private static Step apply(Desired.Apply apply, LiveCopy live, PropagationSettings settings, Retention retention, String cluster) {
        long generation = apply.generation();
        if (settings.suspends(cluster)) {
            return new Step(Action.NONE, null, WorkState.SUSPENDED, generation, "dispatching to " + cluster + " is suspended (spec.suspension)");
        }
        WorkState applied = apply.problem() == null ? WorkState.APPLIED : WorkState.FAILED;
        String message = apply.problem() == null ? apply.note() : apply.problem();
        if (live == null) {
            return new Step(Action.CREATE, apply.object(), applied, generation, message);
        }
        return switch (live.ownership()) {
            case PROPAGATED -> propagated(apply, live, retention, applied, message);
            case MIGRATED -> new Step(Action.UPDATE, retention.update(apply.object(), live.object()), applied, generation, message);
            case ORIGIN -> settings.conflictResolutionFor(apply.object()) == PropagationSettings.ConflictResolution.OVERWRITE
                    ? new Step(Action.UPDATE, retention.update(apply.object(), live.object()), applied, generation,
                            apply.problem() != null ? message : "the workload's own object on " + cluster + ": taken over (conflictResolution Overwrite)")
                    : new Step(Action.NONE, null, applied, generation, apply.problem() != null ? message : "the workload's own object on "
                            + cluster + ", which its agent reported: left as its author wrote it");
            case FOREIGN -> settings.conflictResolutionFor(apply.object()) == PropagationSettings.ConflictResolution.OVERWRITE
                    ? new Step(Action.UPDATE, retention.update(apply.object(), live.object()), applied, generation,
                            apply.problem() != null ? message : "an object fedstream did not create was there: taken over (conflictResolution Overwrite)")
                    : new Step(Action.NONE, null, WorkState.CONFLICT, generation, describe(apply.object()) + " exists on " + cluster
                            + " and fedstream did not create it: conflictResolution Abort leaves it alone (Overwrite takes it over)");
        };
    }

    /**
     * fedstream's copy: nothing to write when it was applied from the same Work and nobody changed it since (its version is
     * the one last seen, or its content is still what the Work and the cluster's own fields make, as Karmada's
     * {@code resourceDeepEqual} finds); otherwise it is updated, which also puts back what someone changed by hand on the
     * cluster (Karmada's work status controller updates the copy on every change the cluster reports,
     * {@code updateResource}).
     */
    private static Step propagated(Desired.Apply apply, LiveCopy live, Retention retention, WorkState applied, String message) {
        boolean sameWork = apply.digest().equals(PropagationMarks.annotation(live.object(), PropagationMarks.APPLIED_DIGEST));
        if (sameWork && live.unchangedSinceSeen()) {
            return new Step(Action.NONE, null, applied, apply.generation(), message, live.lastSeenVersion());
        }
        ObjectNode body = retention.update(apply.object(), live.object());
        if (sameWork && SameContent.of(body, live.object())) {
            return new Step(Action.NONE, null, applied, apply.generation(), message, ObjectVersion.of(live.object()));
        }
        return new Step(Action.UPDATE, body, applied, apply.generation(), message);
    }

    private static Step absent(Desired.Why why, LiveCopy live, PropagationSettings settings, String cluster, Instant now) {
        if (live == null) {
            return new Step(Action.NONE, null, WorkState.REMOVED, 0, null);
        }
        boolean evicted = why == Desired.Why.LEFT_BY_FAILOVER
                || why != Desired.Why.DELETED && PropagationMarks.annotation(live.object(), PropagationMarks.EVICTED) != null;
        if (evicted && (live.ownership() == LiveCopy.Ownership.ORIGIN || live.beingPurged()
                || PropagationMarks.annotation(live.object(), PropagationMarks.EVICTED) != null)) {
            return new Step(Action.NONE, null, WorkState.EVICTED, 0, leftForPurge(cluster));
        }
        if (!live.isFedstreams()) {
            return new Step(Action.NONE, null, WorkState.REMOVED, 0, describe(live.object()) + " on " + cluster
                    + " is not fedstream's: left alone");
        }
        if (live.ownership() == LiveCopy.Ownership.MIGRATED && why == Desired.Why.NOT_PLACED) {
            // A migration's target gets its copy before the binding places the workload there (on COMPLETED).
            return new Step(Action.NONE, null, null, 0, "created by a migration that the placement does not show yet");
        }
        if (evicted) {
            ObjectNode marked = (ObjectNode) live.object().deepCopy();
            marked.withObject("metadata").withObject("annotations").put(PropagationMarks.EVICTED, now.toString());
            return new Step(Action.UPDATE, marked, WorkState.EVICTED, 0, leftForPurge(cluster));
        }
        if (settings.preserveResourcesOnDeletion()) {
            return new Step(Action.UPDATE, Unmarked.of(live.object()), WorkState.REMOVED, 0,
                    "preserved on " + cluster + " without fedstream's marks (spec.preserveResourcesOnDeletion)");
        }
        return new Step(Action.DELETE, null, WorkState.REMOVED, 0, null);
    }

    private static String leftForPurge(String cluster) {
        return "a failover took " + cluster + " out of the placement: the copy stays until its PURGE command";
    }

    private static String describe(JsonNode object) {
        String namespace = object.path("metadata").path("namespace").asText("");
        return object.path("kind").asText() + " " + (namespace.isEmpty() ? "" : namespace + "/") + object.path("metadata").path("name").asText();
    }
}
