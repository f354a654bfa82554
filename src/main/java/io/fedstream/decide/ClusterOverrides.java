package io.fedstream.decide;

import io.fedstream.bind.BindingMapper;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.override.ClusterTarget;
import io.fedstream.override.OverrideApplier;
import io.fedstream.override.OverridePolicy;
import io.fedstream.override.OverrideResult;
import io.fedstream.place.ClusterTopology;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * What the override policies make of one workload on each known member cluster: the overridden manifest, interpreted
 * again, so that the admit step charges a copy on that cluster for what runs there, and a migration to it applies it.
 * Clusters come from the cluster directory (name, heartbeat labels and topology); only those where a rule applies are listed.
 */
final class ClusterOverrides {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ManifestParser PARSER = new ManifestParser();

    private final OverrideApplier applier = new OverrideApplier();

    /** The per-cluster results for the clusters in the directory; empty when no policy is given or the manifest is not one document. */
    List<ClusterOverride> of(String manifest, String namespace, Interpreter interpreter, List<OverridePolicy> policies,
                             ReadOnlyKeyValueStore<String, ClusterWatch> views) {
        if (policies.isEmpty()) {
            return List.of();
        }
        return forClusters(manifest, namespace, interpreter, policies, clusters(views));
    }

    /** The per-cluster results for the given clusters; empty when the manifest is not one document. */
    List<ClusterOverride> forClusters(String manifest, String namespace, Interpreter interpreter,
                                      List<OverridePolicy> policies, List<ClusterTarget> clusters) {
        List<ManifestParser.Document> documents = PARSER.parse(manifest.getBytes(StandardCharsets.UTF_8));
        if (documents.size() != 1 || documents.get(0).error() != null) {
            return List.of();
        }
        List<ClusterOverride> out = new ArrayList<>();
        for (ClusterTarget cluster : clusters) {
            OverrideResult result = applier.apply(documents.get(0).root(), namespace, cluster, policies);
            if (!result.isApplied()) {
                out.add(problem(cluster.name(), result.applied(), result.problem()));
            } else if (result.changed()) {
                out.add(interpreted(cluster.name(), result, interpreter));
            }
        }
        return out;
    }

    /** The clusters in the directory, by name, with the labels, provider, region and zones of their latest heartbeat. */
    static List<ClusterTarget> clusters(ReadOnlyKeyValueStore<String, ClusterWatch> views) {
        List<ClusterTarget> out = new ArrayList<>();
        try (KeyValueIterator<String, ClusterWatch> it = views.all()) {
            while (it.hasNext()) {
                KeyValue<String, ClusterWatch> entry = it.next();
                ClusterHealthEvent heartbeat = entry.value.getHeartbeat();
                out.add(heartbeat == null ? ClusterTarget.of(entry.key, Map.of()) : new ClusterTarget(entry.key, heartbeat.getLabels(),
                        new ClusterTopology(heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones())));
            }
        }
        return out;
    }

    private static ClusterOverride interpreted(String cluster, OverrideResult result, Interpreter interpreter) {
        String json;
        try {
            json = JSON.writeValueAsString(result.manifest());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a Jackson tree always serializes", e);
        }
        Interpretation interpretation = interpreter.interpret(json.getBytes(StandardCharsets.UTF_8));
        if (interpretation.outcome() != Interpretation.Outcome.INTERPRETED) {
            String why = interpretation.errors().isEmpty() ? interpretation.outcome().name() : interpretation.errors().get(0).message();
            return problem(cluster, result.applied(), "the overridden manifest cannot be interpreted: " + why);
        }
        return ClusterOverride.newBuilder()
                .setCluster(cluster)
                .setApplied(result.applied())
                .setComponents(BindingMapper.components(interpretation.components()))
                .setTotal(interpretation.total().toQuantities())
                .setTotalLimits(interpretation.totalLimits().toQuantities())
                .setManifest(json)
                .build();
    }

    private static ClusterOverride problem(String cluster, List<String> applied, String problem) {
        return ClusterOverride.newBuilder().setCluster(cluster).setApplied(applied).setProblem(problem).build();
    }
}
