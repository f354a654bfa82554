package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The version of a copy on its cluster, as Karmada's object watcher records it to tell whether someone changed the copy
 * since it was written ({@code pkg/util/lifted/objectwatcher.go} {@code ObjectVersion}, {@code ObjectNeedsUpdate}):
 * {@code gen:<metadata.generation>} for an object with a generation (which the API server raises on a change of its
 * spec, not of its status), {@code rv:<metadata.resourceVersion>} for one without (a ConfigMap, a Service: any write
 * changes it). Karmada also compares the labels of an object versioned by its generation, since a label edit leaves the
 * generation alone; here their digest is part of its version. The agent reports it, the executor records it.
 */
public final class ObjectVersion {

    private ObjectVersion() {}

    /** The version of the object as the API server returned it. */
    public static String of(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        long generation = metadata.path("generation").asLong(0);
        if (generation != 0) {
            return "gen:" + generation + ";labels:" + labelsDigest(metadata.path("labels"));
        }
        return "rv:" + metadata.path("resourceVersion").asText("");
    }

    private static String labelsDigest(JsonNode labels) {
        Map<String, String> sorted = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = labels.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            sorted.put(entry.getKey(), entry.getValue().asText());
        }
        StringBuilder text = new StringBuilder();
        sorted.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
