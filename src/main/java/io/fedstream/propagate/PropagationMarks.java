package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The labels and annotations the executor writes on the objects it propagates, as Karmada's binding controller writes
 * its own on every Work's manifest ({@code pkg/controllers/binding/common.go}: {@code mergeLabel},
 * {@code mergeAnnotations}, {@code RecordAppliedOverrides}; {@code pkg/util/label.go} {@code RecordManagedLabels}). The
 * executor updates and deletes only objects that carry {@link #MANAGED_LABEL}; the agent publishes none of them as a
 * workload of its own.
 */
public final class PropagationMarks {

    /** Label {@code "true"} on every object fedstream propagated (Karmada's {@code karmada.io/managed}). */
    public static final String MANAGED_LABEL = "fedstream.io/managed";
    public static final String MANAGED_VALUE = "true";
    /** The workload key of the binding the object was propagated for (Karmada's {@code resourcebinding.karmada.io/name}). */
    public static final String WORKLOAD = "fedstream.io/workload";
    /** The binding generation the object was applied from (Karmada's {@code resourcetemplate.karmada.io/generation}). */
    public static final String GENERATION = "fedstream.io/generation";
    /** SHA-256 of what was applied, marks included but this one: equal means there is nothing to write again. */
    public static final String APPLIED_DIGEST = "fedstream.io/applied-digest";
    /** The override rules applied on this cluster, in order, as JSON (Karmada's {@code policy.karmada.io/applied-overrides}). */
    public static final String APPLIED_OVERRIDES = "fedstream.io/applied-overrides";
    /** The label keys fedstream set, so that one it no longer sets is removed and not kept as the cluster's own. */
    public static final String MANAGED_LABELS = "fedstream.io/managed-labels";
    /** The annotation keys fedstream set, likewise (Karmada's {@code resourcetemplate.karmada.io/managed-annotations}). */
    public static final String MANAGED_ANNOTATIONS = "fedstream.io/managed-annotations";
    /** On a copy a failover took its cluster away from: the time (ISO-8601) it was left for its PURGE command. */
    public static final String EVICTED = "fedstream.io/evicted";
    /**
     * On a copy left on its cluster when its workload was deleted under {@code preserveResourcesOnDeletion}: the workload
     * key it belonged to. The agent keeps treating it as fedstream's, so that the deleted workload does not come back as
     * one the cluster reports.
     */
    public static final String PRESERVED = "fedstream.io/preserved";
    /** On a workload's manifest: {@code Abort} or {@code Overwrite}, before its policy's {@code conflictResolution}. */
    public static final String CONFLICT_RESOLUTION = "fedstream.io/conflict-resolution";
    /** Karmada's name for the same annotation, read as well ({@code work.karmada.io/conflict-resolution}). */
    public static final String KARMADA_CONFLICT_RESOLUTION = "work.karmada.io/conflict-resolution";

    /** Marks of a copy's state that only the executor sets, and only as long as that state lasts. */
    static final Set<String> STATE_MARKS = Set.of(EVICTED, PRESERVED);

    private PropagationMarks() {}

    /**
     * Puts the marks on a manifest the executor is about to apply and returns its digest: the managed label, the
     * workload, the generation, the applied override rules (when any) and the keys it sets.
     */
    static String mark(ObjectNode manifest, String workloadKey, long generation, List<String> appliedOverrides) {
        ObjectNode metadata = manifest.withObject("metadata");
        metadata.withObject("labels").put(MANAGED_LABEL, MANAGED_VALUE);
        ObjectNode annotations = metadata.withObject("annotations");
        annotations.put(WORKLOAD, workloadKey);
        annotations.put(GENERATION, Long.toString(generation));
        if (!appliedOverrides.isEmpty()) {
            annotations.put(APPLIED_OVERRIDES, manifest.arrayNode().addAll(appliedOverrides.stream()
                    .map(rule -> (JsonNode) manifest.textNode(rule)).toList()).toString());
        }
        annotations.remove(APPLIED_DIGEST);
        annotations.put(MANAGED_LABELS, keys(metadata.path("labels")));
        annotations.put(MANAGED_ANNOTATIONS, keys(annotations) + "," + MANAGED_ANNOTATIONS + "," + APPLIED_DIGEST);
        String digest = digest(manifest.toString());
        annotations.put(APPLIED_DIGEST, digest);
        return digest;
    }

    /** True when the object carries the managed label: fedstream propagated it. */
    public static boolean isManaged(JsonNode object) {
        return MANAGED_VALUE.equals(object.path("metadata").path("labels").path(MANAGED_LABEL).asText(null));
    }

    /** The value of one of the object's annotations, or null. */
    public static String annotation(JsonNode object, String name) {
        JsonNode value = object.path("metadata").path("annotations").path(name);
        return value.isTextual() ? value.asText() : null;
    }

    /** The sorted keys of a JSON object, comma-separated. */
    static String keys(JsonNode object) {
        TreeSet<String> keys = new TreeSet<>();
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            keys.add(names.next());
        }
        return String.join(",", keys);
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
