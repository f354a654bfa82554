package io.fedstream.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.WorkloadId;
import java.util.List;

/**
 * A workload object as the API server returns it, turned into what {@code fedstream apply} would publish: the key
 * {@code group/kind/namespace/name} and the manifest without the fields the server writes (status, managedFields,
 * resourceVersion, uid, generation, timestamps, kubectl's last-applied copy), so that the same spec gives the same bytes.
 */
public record WorkloadManifest(String key, String json, JsonNode root) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SERVER_METADATA = List.of(
            "managedFields", "resourceVersion", "uid", "generation", "creationTimestamp", "deletionTimestamp",
            "deletionGracePeriodSeconds", "selfLink", "finalizers");
    private static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

    /** Parses an object's JSON; the namespace defaults to "default" in the key, as apply does. */
    public static WorkloadManifest of(String objectJson) {
        JsonNode root;
        try {
            root = JSON.readTree(objectJson);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON object: " + e.getOriginalMessage(), e);
        }
        if (!(root instanceof ObjectNode object)) {
            throw new IllegalArgumentException("not a JSON object: " + objectJson);
        }
        JsonNode metadata = object.path("metadata");
        String namespace = metadata.path("namespace").asText("");
        WorkloadId id = new WorkloadId(text(object, "apiVersion"), text(object, "kind"),
                namespace.isEmpty() ? "default" : namespace, metadata.path("name").asText(null));
        if (id.key() == null) {
            throw new IllegalArgumentException("apiVersion, kind and metadata.name are required (value: " + objectJson + ")");
        }
        ObjectNode stripped = object.deepCopy();
        stripped.remove("status");
        if (stripped.get("metadata") instanceof ObjectNode meta) {
            SERVER_METADATA.forEach(meta::remove);
            if (meta.get("annotations") instanceof ObjectNode annotations) {
                annotations.remove(LAST_APPLIED);
                if (annotations.isEmpty()) {
                    meta.remove("annotations");
                }
            }
        }
        return new WorkloadManifest(id.key(), stripped.toString(), object);
    }

    /**
     * True when another object controls this one (a ReplicaSet of a Deployment, a Pod of a Job): its parent is the
     * workload, and publishing both would count the pods twice.
     */
    public boolean isControlled() {
        for (JsonNode owner : root.path("metadata").path("ownerReferences")) {
            if (owner.path("controller").asBoolean(false)) {
                return true;
            }
        }
        return false;
    }

    /** The value of an annotation on the object, or null. */
    public String annotation(String name) {
        JsonNode value = root.path("metadata").path("annotations").path(name);
        return value.isTextual() ? value.asText() : null;
    }

    /** The value of a label on the object, or null. */
    public String label(String name) {
        JsonNode value = root.path("metadata").path("labels").path(name);
        return value.isTextual() ? value.asText() : null;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
