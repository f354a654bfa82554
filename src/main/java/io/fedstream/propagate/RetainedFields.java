package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * What an update keeps of the object on the member cluster, as Karmada's object watcher keeps it
 * ({@code pkg/util/objectwatcher/objectwatcher.go} {@code retainClusterFields}, {@link #clusterFields}, and the default
 * {@code Retain} hooks of {@code pkg/resourceinterpreter/default/native/retain.go} and {@code pkg/util/lifted/retain.go},
 * {@link #kindDefaults}): the resource version (the update is conditional on it), finalizers and owner references; the
 * labels and annotations the cluster added (those fedstream set before and no longer sets go: {@code RetainLabels},
 * {@code RetainAnnotations}); a Service's cluster IPs and health-check node port, a ServiceAccount's Secrets, a claim's
 * volume name, a volume's claim, a Job's selector and template labels, a token Secret's data, a Pod's node, service
 * account, volumes and volume mounts, and a Deployment's replicas when it is labelled
 * {@code resourcetemplate.karmada.io/retain-replicas: "true"}. The status is kept as well: the API server ignores it
 * on an update, and a test double that stores what it is sent keeps it so.
 */
final class RetainedFields {

    private static final String RETAIN_REPLICAS = "resourcetemplate.karmada.io/retain-replicas";

    private RetainedFields() {}

    /** The body of the update that brings {@code live} to {@code desired} by the built-in retention; {@code desired} is not changed. */
    static ObjectNode update(ObjectNode desired, JsonNode live) {
        ObjectNode body = clusterFields(desired, live);
        kindDefaults(body, live);
        return body;
    }

    /**
     * {@code desired} with what every kind keeps of {@code live} (Karmada's {@code retainClusterFields}, and the status);
     * {@code desired} itself is not changed.
     */
    static ObjectNode clusterFields(ObjectNode desired, JsonNode live) {
        ObjectNode body = desired.deepCopy();
        ObjectNode metadata = body.withObject("metadata");
        JsonNode was = live.path("metadata");
        copy(was, metadata, "resourceVersion");
        copy(was, metadata, "finalizers");
        copy(was, metadata, "ownerReferences");
        keepForeign(was.path("labels"), metadata.withObject("labels"), managed(live, PropagationMarks.MANAGED_LABELS));
        keepForeign(was.path("annotations"), metadata.withObject("annotations"), managed(live, PropagationMarks.MANAGED_ANNOTATIONS));
        copy(live, body, "status");
        return body;
    }

    /** Puts into {@code body} what the cluster owns of {@code live} for its kind: Karmada's default Retain hooks. */
    static void kindDefaults(ObjectNode body, JsonNode live) {
        JsonNode liveSpec = live.path("spec");
        switch (body.path("kind").asText()) {
            case "Service" -> {
                if (!liveSpec.path("clusterIP").asText("").isEmpty()) {
                    copy(liveSpec, body.withObject("spec"), "clusterIP");
                    copy(liveSpec, body.withObject("spec"), "clusterIPs");
                }
                if (liveSpec.path("healthCheckNodePort").asLong(0) > 0) {
                    copy(liveSpec, body.withObject("spec"), "healthCheckNodePort");
                }
            }
            case "ServiceAccount" -> {
                mergeByName(body, live, "secrets");
                mergeByName(body, live, "imagePullSecrets");
            }
            case "PersistentVolumeClaim" -> {
                if (!liveSpec.path("volumeName").asText("").isEmpty()) {
                    copy(liveSpec, body.withObject("spec"), "volumeName");
                }
            }
            case "PersistentVolume" -> copy(liveSpec, body.withObject("spec"), "claimRef");
            case "Job" -> {
                if (liveSpec.path("selector").has("matchLabels")) {
                    body.withObject("spec").withObject("selector").set("matchLabels", liveSpec.path("selector").path("matchLabels").deepCopy());
                }
                if (liveSpec.path("template").path("metadata").has("labels")) {
                    body.withObject("spec").withObject("template").withObject("metadata")
                            .set("labels", liveSpec.path("template").path("metadata").path("labels").deepCopy());
                }
            }
            case "Secret" -> {
                if ("kubernetes.io/service-account-token".equals(body.path("type").asText())) {
                    copy(live, body, "data");
                }
            }
            case "Deployment" -> {
                if ("true".equals(body.path("metadata").path("labels").path(RETAIN_REPLICAS).asText()) && liveSpec.has("replicas")) {
                    copy(liveSpec, body.withObject("spec"), "replicas");
                }
            }
            case "Pod" -> pod(body.withObject("spec"), liveSpec);
            default -> { }
        }
    }

    /** Karmada's {@code retainPodFields}: the node and service account the cluster set, its volumes and every container's mounts. */
    private static void pod(ObjectNode spec, JsonNode live) {
        for (String field : new String[] {"nodeName", "serviceAccountName", "volumes"}) {
            spec.remove(field);
            copy(live, spec, field);
        }
        for (String containers : new String[] {"containers", "initContainers"}) {
            for (JsonNode liveContainer : live.path(containers)) {
                for (JsonNode container : spec.path(containers)) {
                    if (container instanceof ObjectNode desired && desired.path("name").equals(liveContainer.path("name"))) {
                        desired.remove("volumeMounts");
                        copy(liveContainer, desired, "volumeMounts");
                        break;
                    }
                }
            }
        }
    }

    private static void copy(JsonNode from, ObjectNode to, String field) {
        JsonNode value = from.get(field);
        if (value != null && !value.isNull()) {
            to.set(field, value.deepCopy());
        }
    }

    /** Adds the live object's entries that the desired one lacks, but for those fedstream set before (now removed). */
    private static void keepForeign(JsonNode live, ObjectNode desired, Set<String> setBefore) {
        for (Iterator<Map.Entry<String, JsonNode>> entries = live.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            if (!desired.has(entry.getKey()) && !setBefore.contains(entry.getKey()) && !PropagationMarks.STATE_MARKS.contains(entry.getKey())) {
                desired.set(entry.getKey(), entry.getValue().deepCopy());
            }
        }
    }

    private static Set<String> managed(JsonNode live, String annotation) {
        String keys = PropagationMarks.annotation(live, annotation);
        return keys == null || keys.isEmpty() ? Set.of() : new HashSet<>(Arrays.asList(keys.split(",")));
    }

    /** The desired list with the live list's entries whose name it lacks (Karmada's {@code retainSecretsField}). */
    private static void mergeByName(ObjectNode desired, JsonNode live, String field) {
        if (!live.path(field).isArray()) {
            return;
        }
        ArrayNode merged = desired.path(field) instanceof ArrayNode list ? list : desired.putArray(field);
        Set<String> names = new HashSet<>();
        merged.forEach(entry -> names.add(entry.path("name").asText()));
        for (JsonNode entry : live.path(field)) {
            if (names.add(entry.path("name").asText())) {
                merged.add(entry.deepCopy());
            }
        }
    }
}
