package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What a (Cluster)PropagationPolicy says about dispatching its workloads, beside where they go: Karmada copies these
 * fields from the policy into every ResourceBinding it governs ({@code pkg/detector/detector.go}
 * {@code BuildResourceBinding}), and the binding controller into each Work ({@code ensureWork}:
 * {@code mergeConflictResolution}, {@code shouldSuspendDispatching}, {@code WithPreserveResourcesOnDeletion}); fedstream's
 * executor reads them from the policy that the binding names ({@code placement.policy}).
 *
 * @param conflictResolution what to do with an object of the same name on the cluster that fedstream did not create
 * @param dispatchingSuspended {@code suspension.dispatching}: nothing is written to any cluster
 * @param suspendedClusters {@code suspension.dispatchingOnClusters.clusterNames}: nothing is written to these
 * @param preserveResourcesOnDeletion the copies stay on the clusters when the workload is deleted or leaves them
 * @param propagateDeps the ConfigMaps, Secrets, ServiceAccounts and PersistentVolumeClaims the pod templates use go along
 */
public record PropagationSettings(ConflictResolution conflictResolution, boolean dispatchingSuspended, Set<String> suspendedClusters,
                                  boolean preserveResourcesOnDeletion, boolean propagateDeps) {

    /** Karmada's defaults, and the settings of a workload that no policy governs (a placement given with it). */
    public static final PropagationSettings DEFAULTS = new PropagationSettings(ConflictResolution.ABORT, false, Set.of(), false, false);

    /** Karmada's {@code conflictResolution}: Abort (the default) leaves a foreign object alone, Overwrite takes it over. */
    public enum ConflictResolution {
        ABORT("Abort"), OVERWRITE("Overwrite");

        private final String written;

        ConflictResolution(String written) {
            this.written = written;
        }

        /** As a policy writes it. */
        public String written() {
            return written;
        }

        static ConflictResolution parse(String field, String value) {
            for (ConflictResolution resolution : values()) {
                if (resolution.written.equals(value)) {
                    return resolution;
                }
            }
            throw new IllegalArgumentException(field + ": must be Abort or Overwrite (value: " + value + ")");
        }
    }

    public PropagationSettings {
        suspendedClusters = Set.copyOf(suspendedClusters);
    }

    /**
     * Reads the fields of a (Cluster)PropagationPolicy manifest; a wrong type or value is an error naming the field and
     * the value, as Karmada's CRD validation refuses it.
     */
    public static PropagationSettings of(JsonNode policy) {
        JsonNode spec = policy.path("spec");
        ConflictResolution conflict = spec.has("conflictResolution")
                ? ConflictResolution.parse("spec.conflictResolution", text(spec.get("conflictResolution"), "spec.conflictResolution"))
                : ConflictResolution.ABORT;
        JsonNode suspension = spec.path("suspension");
        if (!suspension.isMissingNode() && !suspension.isNull() && !suspension.isObject()) {
            throw new IllegalArgumentException("spec.suspension: must be an object (value: " + suspension + ")");
        }
        boolean dispatching = bool(suspension.get("dispatching"), "spec.suspension.dispatching");
        Set<String> clusters = new LinkedHashSet<>();
        JsonNode names = suspension.path("dispatchingOnClusters").path("clusterNames");
        if (!names.isMissingNode() && !names.isNull()) {
            if (!names.isArray()) {
                throw new IllegalArgumentException("spec.suspension.dispatchingOnClusters.clusterNames: must be a list (value: " + names + ")");
            }
            for (int i = 0; i < names.size(); i++) {
                clusters.add(text(names.get(i), "spec.suspension.dispatchingOnClusters.clusterNames[" + i + "]"));
            }
        }
        return new PropagationSettings(conflict, dispatching, clusters,
                bool(spec.get("preserveResourcesOnDeletion"), "spec.preserveResourcesOnDeletion"),
                bool(spec.get("propagateDeps"), "spec.propagateDeps"));
    }

    /** True when nothing is to be written to {@code cluster} (Karmada's {@code shouldSuspendDispatching}). */
    public boolean suspends(String cluster) {
        return dispatchingSuspended || suspendedClusters.contains(cluster);
    }

    /**
     * The conflict resolution for one workload: its manifest's annotation first ({@link PropagationMarks#CONFLICT_RESOLUTION},
     * else Karmada's), then the policy's, as Karmada's {@code mergeConflictResolution} prefers the resource template's; an
     * annotation with another value is ignored there, as in Karmada.
     */
    public ConflictResolution conflictResolutionFor(JsonNode manifest) {
        for (String annotation : new String[] {PropagationMarks.CONFLICT_RESOLUTION, PropagationMarks.KARMADA_CONFLICT_RESOLUTION}) {
            String value = PropagationMarks.annotation(manifest, annotation);
            if ("Abort".equals(value)) {
                return ConflictResolution.ABORT;
            }
            if ("Overwrite".equals(value)) {
                return ConflictResolution.OVERWRITE;
            }
        }
        return conflictResolution;
    }

    private static boolean bool(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new IllegalArgumentException(field + ": must be true or false (value: " + value + ")");
        }
        return value.booleanValue();
    }

    private static String text(JsonNode value, String field) {
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException(field + ": must be a string (value: " + value + ")");
        }
        return value.asText();
    }
}
