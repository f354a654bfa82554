package io.fedstream.decide;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.NamespaceWorkloads;
import io.fedstream.interpret.WorkloadId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The other workloads of one namespace as the namespace task holds them: each one's manifest as last interpreted (in its
 * {@link Workloads} record), so that a FlinkSessionJob is charged the TaskManagers of the session cluster it names.
 */
final class NamespaceManifests implements NamespaceWorkloads {

    private static final ManifestParser PARSER = new ManifestParser();

    private final Workloads workloads;
    private final String namespace;

    NamespaceManifests(Workloads workloads, String namespace) {
        this.workloads = workloads;
        this.namespace = namespace;
    }

    @Override
    public Optional<JsonNode> find(String apiVersion, String kind, String name) {
        String key = new WorkloadId(apiVersion, kind, namespace, name).key();
        if (key == null) {
            return Optional.empty();
        }
        String manifest;
        try {
            manifest = workloads.of(key).getManifest();
        } catch (UnreadableWorkload e) {
            // Its own processing dead-letters the entry; here it is as good as unknown.
            return Optional.empty();
        }
        if (manifest == null) {
            return Optional.empty();
        }
        List<ManifestParser.Document> documents = PARSER.parse(manifest.getBytes(StandardCharsets.UTF_8));
        JsonNode root = documents.size() == 1 ? documents.get(0).root() : null;
        return root != null && apiVersion.equals(root.path("apiVersion").asText()) ? Optional.of(root) : Optional.empty();
    }
}
