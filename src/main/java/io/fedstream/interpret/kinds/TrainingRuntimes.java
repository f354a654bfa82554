package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * An immutable catalog of Kubeflow Trainer runtimes (trainer.kubeflow.org/v1alpha1
 * TrainingRuntime and ClusterTrainingRuntime manifests as parsed trees), keyed by kind, namespace
 * and name, that TrainJobs are resolved against. Supplied to the interpreter like
 * customizations: a manifest that is no runtime is refused when the catalog is built.
 */
public final class TrainingRuntimes {

    static final String API_VERSION = "trainer.kubeflow.org/v1alpha1";
    static final String TRAINING_RUNTIME = "TrainingRuntime";
    static final String CLUSTER_TRAINING_RUNTIME = "ClusterTrainingRuntime";

    private static final TrainingRuntimes NONE = new TrainingRuntimes(Map.of());

    /** Where a runtime is found; the namespace is "" for a ClusterTrainingRuntime. */
    private record Key(String kind, String namespace, String name) {}

    private final Map<Key, JsonNode> byKey;

    private TrainingRuntimes(Map<Key, JsonNode> byKey) {
        this.byKey = Map.copyOf(byKey);
    }

    /** A catalog without runtimes: every TrainJob that needs its runtime is UNINTERPRETED. */
    public static TrainingRuntimes none() {
        return NONE;
    }

    /**
     * A catalog of the given manifests; a TrainingRuntime without a namespace is in "default".
     *
     * @throws IllegalArgumentException naming the manifest, when one is not a runtime, has no
     *     name, or is given twice
     */
    public static TrainingRuntimes of(Collection<? extends JsonNode> manifests) {
        Map<Key, JsonNode> byKey = new LinkedHashMap<>();
        int index = 0;
        for (JsonNode manifest : manifests) {
            String kind = manifest.path("kind").asText("");
            String name = manifest.path("metadata").path("name").asText("");
            String where = "runtime manifest #" + index++ + " (" + kind + " " + name + ")";
            if (!API_VERSION.equals(manifest.path("apiVersion").asText(""))
                    || !Set.of(TRAINING_RUNTIME, CLUSTER_TRAINING_RUNTIME).contains(kind)) {
                throw new IllegalArgumentException(where + ": must be " + API_VERSION + " " + TRAINING_RUNTIME
                        + " or " + CLUSTER_TRAINING_RUNTIME);
            }
            if (name.isEmpty()) {
                throw new IllegalArgumentException(where + ": metadata.name is required");
            }
            String namespace = kind.equals(CLUSTER_TRAINING_RUNTIME) ? "" : manifest.path("metadata").path("namespace").asText("");
            Key key = new Key(kind, kind.equals(TRAINING_RUNTIME) && namespace.isEmpty() ? "default" : namespace, name);
            if (byKey.putIfAbsent(key, manifest.deepCopy()) != null) {
                throw new IllegalArgumentException(where + ": given twice");
            }
        }
        return byKey.isEmpty() ? NONE : new TrainingRuntimes(byKey);
    }

    /** How many runtimes the catalog holds. */
    public int size() {
        return byKey.size();
    }

    /**
     * The runtime of the given kind and name (a TrainingRuntime in the given namespace), or null
     * when unknown. Callers only read the tree.
     */
    JsonNode find(String kind, String namespace, String name) {
        return byKey.get(new Key(kind, kind.equals(CLUSTER_TRAINING_RUNTIME) ? "" : namespace, name));
    }
}
