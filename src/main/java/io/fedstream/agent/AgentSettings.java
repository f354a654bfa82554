package io.fedstream.agent;

import io.fedstream.avro.Taint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one agent needs besides its clients: the cluster's name in the fleet, how often it heart-beats and re-lists,
 * and the labels and taints the fleet sees on the cluster (Karmada keeps them on its Cluster object, not on nodes).
 */
public record AgentSettings(String cluster, Duration heartbeatInterval, Duration resyncInterval, Map<String, String> labels,
                            List<Taint> taints) {

    /** The {@code source} of every event an agent writes: {@code agent/<cluster>}. */
    public static final String SOURCE_PREFIX = "agent/";
    private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    public AgentSettings {
        Objects.requireNonNull(cluster, "cluster");
        if (cluster.isBlank() || cluster.contains("/")) {
            throw new IllegalArgumentException("cluster: must be a non-empty name without '/' (value: " + cluster + ")");
        }
        if (heartbeatInterval.isNegative() || heartbeatInterval.isZero()) {
            throw new IllegalArgumentException("heartbeat interval: must be positive (value: " + heartbeatInterval + ")");
        }
        if (resyncInterval.isNegative()) {
            throw new IllegalArgumentException("resync interval: must not be negative (value: " + resyncInterval + ")");
        }
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
    }

    /** Parses {@code key=value:Effect} or {@code key:Effect}, as kubectl taint writes them. */
    public static Taint taint(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || !EFFECTS.contains(text.substring(colon + 1))) {
            throw new IllegalArgumentException("taint: must be key[=value]:Effect with Effect one of " + EFFECTS + " (value: " + text + ")");
        }
        String keyValue = text.substring(0, colon);
        int equals = keyValue.indexOf('=');
        String key = equals < 0 ? keyValue : keyValue.substring(0, equals);
        if (key.isEmpty()) {
            throw new IllegalArgumentException("taint: the key must not be empty (value: " + text + ")");
        }
        return new Taint(key, equals < 0 ? null : keyValue.substring(equals + 1), text.substring(colon + 1));
    }

    /** Parses every taint of the list. */
    public static List<Taint> taints(List<String> texts) {
        List<Taint> taints = new ArrayList<>();
        texts.forEach(text -> taints.add(taint(text)));
        return taints;
    }
}
