package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Removes from a manifest what the API server or a member cluster's controllers write, so that it can be applied to
 * another cluster: Karmada's {@code prune.RemoveIrrelevantFields}
 * ({@code pkg/resourceinterpreter/default/native/prune/prune.go}), for every kind (server metadata, owner references,
 * finalizers, status) and the kinds it prunes further (a Deployment's revision annotations, a Job's generated
 * selector, a Service's allocated cluster IPs, a ServiceAccount's token Secrets, a token Secret's data).
 */
final class Pruning {

    private static final List<String> SERVER_METADATA = List.of("creationTimestamp", "deletionTimestamp",
            "deletionGracePeriodSeconds", "generation", "managedFields", "resourceVersion", "selfLink", "uid", "ownerReferences",
            "finalizers");
    private static final List<String> DEPLOYMENT_REVISIONS = List.of("deployment.kubernetes.io/revision",
            "deployment.kubernetes.io/revision-history");

    private Pruning() {}

    static void prune(ObjectNode object) {
        ObjectNode metadata = object.withObject("metadata");
        SERVER_METADATA.forEach(metadata::remove);
        object.remove("status");
        String kind = object.path("kind").asText();
        switch (kind) {
            case "Deployment" -> DEPLOYMENT_REVISIONS.forEach(name -> annotations(metadata).remove(name));
            case "Job" -> {
                if (!object.path("spec").path("manualSelector").asBoolean(false)
                        && object.path("spec").path("selector").path("matchLabels") instanceof ObjectNode labels) {
                    labels.remove("controller-uid");
                    labels.remove("batch.kubernetes.io/controller-uid");
                }
            }
            case "Service" -> {
                if (object.path("spec") instanceof ObjectNode spec && spec.has("clusterIP") && !"None".equals(spec.path("clusterIP").asText())) {
                    spec.remove("clusterIP");
                    spec.remove("clusterIPs");
                }
            }
            case "ServiceAccount" -> {
                if (object.path("secrets") instanceof ArrayNode secrets) {
                    String tokens = metadata.path("name").asText() + "-token-";
                    for (int i = secrets.size() - 1; i >= 0; i--) {
                        if (secrets.get(i).path("name").asText().startsWith(tokens)) {
                            secrets.remove(i);
                        }
                    }
                }
            }
            case "Secret" -> {
                if ("kubernetes.io/service-account-token".equals(object.path("type").asText())) {
                    annotations(metadata).remove("kubernetes.io/service-account.uid");
                    object.remove("data");
                }
            }
            default -> { }
        }
    }

    private static ObjectNode annotations(ObjectNode metadata) {
        JsonNode annotations = metadata.get("annotations");
        return annotations instanceof ObjectNode object ? object : metadata.objectNode();
    }
}
