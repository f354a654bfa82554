package io.fedstream.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.WorkloadId;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The demo's sample fleet: workload events keyed by workload key, read from the bundled demo/fleet.yaml. */
public final class DemoFleet {

    private static final String RESOURCE = "/demo/fleet.yaml";

    private final Map<String, String> manifestsByKey;

    private DemoFleet(Map<String, String> manifestsByKey) {
        this.manifestsByKey = manifestsByKey;
    }

    /** Loads the bundled sample fleet. */
    public static DemoFleet load() {
        try (InputStream in = DemoFleet.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the jar");
            }
            Map<String, String> manifests = new LinkedHashMap<>();
            for (ManifestParser.Document document : new ManifestParser().parse(in.readAllBytes())) {
                if (document.error() != null) {
                    throw new IllegalStateException(RESOURCE + " is broken: " + document.error().message());
                }
                manifests.put(keyOf(document.root()), document.root().toString());
            }
            return new DemoFleet(manifests);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    private static String keyOf(JsonNode manifest) {
        JsonNode metadata = manifest.path("metadata");
        return new WorkloadId(
                        manifest.path("apiVersion").asText(),
                        manifest.path("kind").asText(),
                        metadata.path("namespace").asText("default"),
                        metadata.path("name").asText())
                .key();
    }

    /** The workload keys, in file order. */
    public List<String> keys() {
        return new ArrayList<>(manifestsByKey.keySet());
    }

    /** One UPSERT event per workload, keyed by workload key. */
    public Map<String, WorkloadEvent> upserts(Instant now) {
        Map<String, WorkloadEvent> events = new LinkedHashMap<>();
        manifestsByKey.forEach((key, manifest) -> events.put(key, WorkloadEvent.newBuilder()
                .setOp(Op.UPSERT)
                .setManifest(manifest)
                .setObservedAt(now)
                .setSource("demo")
                .build()));
        return events;
    }
}
