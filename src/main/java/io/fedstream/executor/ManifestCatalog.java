package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.agent.AgentSettings;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.place.LabelSelector;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The manifests of every workload, from {@code fedstream.workloads}: the federation's own record of what each workload
 * is, since neither a binding nor a migration command carries one (and in a failover the source cluster is the one that
 * cannot be asked). It keeps the last {@link #VERSIONS} versions of each workload by the time they were observed, which
 * is the {@code observedAt} of the binding bound from each: a binding whose version is not the latest (a newer one is
 * not admitted yet) still finds its own manifest. {@link PropagationFeed} fills it.
 */
final class ManifestCatalog {

    /** Enough for a burst of edits between two bindings; an older binding is followed by a newer one anyway. */
    static final int VERSIONS = 4;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Map<String, Deque<Version>> versions = new HashMap<>();

    /** One UPSERT of a workload. */
    private record Version(Instant observedAt, String manifest, String source) {}

    /** Takes one record of the workloads topic (null: a tombstone). */
    void accept(String key, WorkloadEvent event) {
        if (event == null || event.getOp() == Op.DELETE) {
            versions.remove(key);
        } else if (event.getManifest() != null) {
            Deque<Version> kept = versions.computeIfAbsent(key, k -> new ArrayDeque<>());
            kept.addLast(new Version(event.getObservedAt(), event.getManifest(), event.getSource()));
            while (kept.size() > VERSIONS) {
                kept.removeFirst();
            }
        }
    }

    /** The workload's latest manifest; empty when none (or deleted). */
    Optional<String> latest(String key) {
        Deque<Version> kept = versions.get(key);
        return kept == null || kept.isEmpty() ? Optional.empty() : Optional.of(kept.getLast().manifest());
    }

    /** The manifest of the version observed at {@code observedAt} (the binding's), the latest such; null when not kept. */
    String version(String key, Instant observedAt) {
        Deque<Version> kept = versions.get(key);
        if (kept == null) {
            return null;
        }
        String found = null;
        for (Version version : kept) {
            if (Objects.equals(version.observedAt(), observedAt)) {
                found = version.manifest();
            }
        }
        return found;
    }

    /**
     * The workloads of a kind in a namespace (empty: cluster-scoped) whose latest manifest's labels the selector matches,
     * in key order: what a dependency given by a label selector names. A manifest that does not parse matches nothing.
     */
    List<String> keysMatching(String group, String kind, String namespace, LabelSelector selector) {
        String prefix = group + "/" + kind + "/" + namespace + "/";
        List<String> keys = new ArrayList<>();
        versions.forEach((key, kept) -> {
            if (key.startsWith(prefix) && key.indexOf('/', prefix.length()) < 0 && !kept.isEmpty()
                    && selector.matches(labels(kept.getLast().manifest()))) {
                keys.add(key);
            }
        });
        keys.sort(null);
        return keys;
    }

    private static Map<String, String> labels(String manifest) {
        try {
            Map<String, String> labels = new HashMap<>();
            YAML.readTree(manifest).path("metadata").path("labels").fields()
                    .forEachRemaining(label -> labels.put(label.getKey(), label.getValue().asText()));
            return labels;
        } catch (JsonProcessingException e) {
            return Map.of();
        }
    }

    /**
     * True when the workload's latest version came from this cluster's agent: the object of its name on the cluster is
     * the workload itself, not a copy.
     */
    boolean reportedBy(String key, String cluster) {
        Deque<Version> kept = versions.get(key);
        return kept != null && !kept.isEmpty() && (AgentSettings.SOURCE_PREFIX + cluster).equals(kept.getLast().source());
    }
}
