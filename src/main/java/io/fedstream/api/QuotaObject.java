package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.decide.QuotaReport;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A quota as the API shows it, shaped like Karmada's FederatedResourceQuota ({@code spec.overall},
 * {@code spec.staticAssignments}, {@code status.overall}, {@code overallUsed}, {@code aggregatedStatus}) with fedstream's
 * overage, counts, problems and notes; {@link #fromJson} reads it back.
 */
public final class QuotaObject {

    public static final String API_VERSION = "policy.karmada.io/v1alpha1";
    public static final String KIND = "FederatedResourceQuota";
    public static final String LIST_KIND = "FederatedResourceQuotaList";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private QuotaObject() {}

    /** The object; a quota whose every version was refused shows only its metadata and {@code status.problems}. */
    public static ObjectNode toJson(QuotaReport report) {
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", KIND);
        object.putObject("metadata").put("name", report.name()).put("namespace", report.namespace());
        QuotaStatus status = report.status();
        report.inForce().ifPresent(quota -> object.set("spec", spec(quota)));
        ObjectNode statusNode = object.putObject("status");
        if (report.inForce().isPresent()) {
            statusNode.set("overall", strings(status.getHard()));
            statusNode.set("overallUsed", strings(status.getUsed()));
            statusNode.set("overage", strings(status.getOverage()));
            ArrayNode clusters = statusNode.putArray("aggregatedStatus");
            for (ClusterQuotaUsage cluster : status.getClusters()) {
                ObjectNode item = clusters.addObject().put("clusterName", cluster.getCluster());
                item.set("hard", strings(cluster.getHard()));
                item.set("used", strings(cluster.getUsed()));
                item.set("overage", strings(cluster.getOverage()));
            }
            statusNode.put("admittedCount", status.getAdmittedCount()).put("rejectedCount", status.getRejectedCount());
        }
        ArrayNode problems = statusNode.putArray("problems");
        for (QuotaProblem problem : status.getProblems()) {
            ObjectNode item = problems.addObject().put("field", problem.getField());
            if (problem.getValue() != null) {
                item.put("value", problem.getValue());
            }
            item.put("reason", problem.getReason());
        }
        if (!status.getNotes().isEmpty()) {
            ArrayNode notes = statusNode.putArray("notes");
            for (QuotaNote note : status.getNotes()) {
                notes.addObject().put("field", note.getField()).put("text", note.getText());
            }
        }
        return object;
    }

    /** A {@code FederatedResourceQuotaList} of the given quotas, in the given order. */
    public static ObjectNode listJson(List<QuotaReport> reports) {
        ObjectNode list = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", LIST_KIND);
        ArrayNode items = list.putArray("items");
        reports.forEach(r -> items.add(toJson(r)));
        return list;
    }

    /** The items of a list written by {@link #listJson}, read back as {@link #fromJson} reads each. */
    public static List<QuotaReport> itemsFromJson(JsonNode list) {
        List<QuotaReport> reports = new ArrayList<>();
        list.path("items").forEach(item -> reports.add(fromJson(item)));
        return reports;
    }

    private static ObjectNode spec(FederatedResourceQuota quota) {
        ObjectNode spec = NODES.objectNode();
        spec.set("overall", strings(quota.overall().toQuantities()));
        ArrayNode assignments = spec.putArray("staticAssignments");
        for (FederatedResourceQuota.StaticAssignment assignment : quota.staticAssignments()) {
            assignments.addObject().put("clusterName", assignment.clusterName()).set("hard", strings(assignment.hard().toQuantities()));
        }
        return spec;
    }

    /**
     * Reads an object written by {@link #toJson} back. The object does not say when its status was computed (on each
     * request, so it would say nothing), so the status read back is dated at the epoch.
     */
    public static QuotaReport fromJson(JsonNode object) {
        String namespace = object.path("metadata").path("namespace").asText();
        String name = object.path("metadata").path("name").asText();
        JsonNode spec = object.path("spec");
        JsonNode status = object.path("status");
        Optional<FederatedResourceQuota> inForce = Optional.empty();
        if (spec.isObject()) {
            List<FederatedResourceQuota.StaticAssignment> assignments = new ArrayList<>();
            spec.path("staticAssignments").forEach(a -> assignments.add(new FederatedResourceQuota.StaticAssignment(
                    a.path("clusterName").asText(), Resources.fromQuantities(strings(a.path("hard"))))));
            inForce = Optional.of(new FederatedResourceQuota(namespace, name, Resources.fromQuantities(strings(spec.path("overall"))), assignments));
        }
        List<ClusterQuotaUsage> clusters = new ArrayList<>();
        status.path("aggregatedStatus").forEach(c -> clusters.add(ClusterQuotaUsage.newBuilder()
                .setCluster(c.path("clusterName").asText())
                .setHard(strings(c.path("hard")))
                .setUsed(strings(c.path("used")))
                .setOverage(strings(c.path("overage")))
                .build()));
        List<QuotaProblem> problems = new ArrayList<>();
        status.path("problems").forEach(p -> problems.add(QuotaProblem.newBuilder()
                .setField(p.path("field").asText())
                .setValue(p.hasNonNull("value") ? p.get("value").asText() : null)
                .setReason(p.path("reason").asText())
                .build()));
        List<QuotaNote> notes = new ArrayList<>();
        status.path("notes").forEach(n -> notes.add(QuotaNote.newBuilder()
                .setField(n.path("field").asText())
                .setText(n.path("text").asText())
                .build()));
        return new QuotaReport(inForce, QuotaStatus.newBuilder()
                .setNamespace(namespace)
                .setName(name)
                .setHard(strings(status.path("overall")))
                .setUsed(strings(status.path("overallUsed")))
                .setOverage(strings(status.path("overage")))
                .setClusters(clusters)
                .setAdmittedCount(status.path("admittedCount").asLong())
                .setRejectedCount(status.path("rejectedCount").asLong())
                .setProblems(problems)
                .setNotes(notes)
                .setUpdatedAt(Instant.EPOCH)
                .build());
    }

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        new TreeMap<>(values).forEach(node::put);
        return node;
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> out = new TreeMap<>();
        node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
