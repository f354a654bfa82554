package io.fedstream.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fedstream.api.NamespaceRecommendations;
import io.fedstream.api.RecommendationObject;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.ManifestResizer;
import io.fedstream.recommend.stage.RecommendationRecords;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** What {@code interpret --recommend} prints: each document with the recommendations of a running fedstream written in. */
final class RecommendedManifests {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final QueryOptions query;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Map<String, Map<String, WorkloadRecommendation>> byNamespace = new HashMap<>();

    RecommendedManifests(QueryOptions query, PrintWriter out, PrintWriter err) {
        this.query = query;
        this.out = out;
        this.err = err;
    }

    /** Prints every document resized; 0, or 1 when the query API cannot be asked, 2 when a document cannot be read. */
    int print(byte[] manifests, String file, boolean yaml) throws InterruptedException {
        List<ManifestParser.Document> documents = new ManifestParser().parse(manifests);
        List<JsonNode> resized = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            ManifestParser.Document document = documents.get(i);
            String where = file + " document " + (i + 1);
            if (document.error() != null) {
                err.println("error: " + where + ": " + document.error().message());
                return Main.BAD_INPUT;
            }
            JsonNode root = document.root();
            String namespace = root.path("metadata").path("namespace").asText("");
            WorkloadId id = new WorkloadId(text(root, "apiVersion"), text(root, "kind"), namespace.isEmpty() ? "default" : namespace,
                    root.path("metadata").path("name").asText(null));
            Optional<WorkloadRecommendation> recommendation;
            try {
                recommendation = id.key() == null ? Optional.empty() : recommendationOf(id);
            } catch (QueryClient.QueryException e) {
                err.println("error: " + e.getMessage());
                return 1;
            }
            if (recommendation.isEmpty()) {
                err.println(where + ": no recommendation for " + id.key() + "; left as it is");
                resized.add(root);
                continue;
            }
            ManifestResizer.Result result = ManifestResizer.resize(root, targets(recommendation.get()));
            result.notes().forEach(note -> err.println(where + " (" + id.key() + "): " + note));
            resized.add(result.manifest());
        }
        try {
            if (yaml) {
                for (int i = 0; i < resized.size(); i++) {
                    out.print((i > 0 ? "---\n" : "") + YAML.writeValueAsString(resized.get(i)));
                }
            } else {
                out.println(JSON.writeValueAsString(resized.size() == 1 ? resized.get(0) : JSON.valueToTree(resized)));
            }
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
        return 0;
    }

    private Optional<WorkloadRecommendation> recommendationOf(WorkloadId id) throws QueryClient.QueryException, InterruptedException {
        Map<String, WorkloadRecommendation> namespace = byNamespace.get(id.namespace());
        if (namespace == null) {
            namespace = new HashMap<>();
            JsonNode answer = query.client().get("/apis/recommendations?namespace=" + QueryOptions.encode(id.namespace()));
            for (NamespaceRecommendations found : RecommendationObject.fromJson(answer)) {
                for (WorkloadRecommendation workload : found.workloads()) {
                    namespace.put(workload.getWorkloadKey(), workload);
                }
            }
            byNamespace.put(id.namespace(), namespace);
        }
        return Optional.ofNullable(namespace.get(id.key()));
    }

    private static Map<String, Estimate.Amounts> targets(WorkloadRecommendation recommendation) {
        Map<String, Estimate.Amounts> targets = new TreeMap<>();
        for (TemplateRecommendation template : recommendation.getTemplates()) {
            if (!template.getTarget().isEmpty()) {
                targets.put(template.getTemplate(), RecommendationRecords.amounts(template.getTarget()));
            }
        }
        return targets;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
