package io.fedstream.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A watch ({@code ?watch=true}) as Kubernetes streams one: {@code {"type":"ADDED|MODIFIED|DELETED","object":...}} one per
 * line, the object itself or a table of one row. fedstream's stores keep no change log a client could resume from, so a
 * watch reads its objects again once a second and sends what changed since the last reading, by {@code
 * metadata.resourceVersion}; between readings it holds the version of each object, never the objects. Started at the
 * version of a list ({@code resourceVersion=N}, as {@code kubectl get --watch} starts it), it first sends the objects that
 * changed after it (for the kinds whose versions are times: bindings); started without one, every object as ADDED.
 */
final class Watch {

    /** How often the objects are read again: a change shows within this and one reading. */
    static final Duration INTERVAL = Duration.ofSeconds(1);
    /** The longest a watch runs, as kube-apiserver's default request timeout for watches; a client starts another. */
    static final Duration LONGEST = Duration.ofMinutes(30);
    private static final int PAGE = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ApiResource resource;
    private final ObjectReader reader;
    private final Scope scope;
    private final Predicate<? super ObjectNode> selector;
    private final Representation representation;
    private final Optional<String> since;
    private final Duration timeout;
    private final Clock clock;
    private final Duration readingTime;

    Watch(ApiResource resource, ObjectReader reader, Scope scope, Predicate<? super ObjectNode> selector,
          Representation representation, Optional<String> since, Duration timeout, Clock clock, Duration readingTime) {
        this.resource = resource;
        this.reader = reader;
        this.scope = scope;
        this.selector = selector;
        this.representation = representation;
        this.since = since.filter(version -> !version.equals("0"));
        this.timeout = timeout.compareTo(LONGEST) > 0 ? LONGEST : timeout;
        this.clock = clock;
        this.readingTime = readingTime;
    }

    Reply reply() {
        return StreamedReply.atOnce(this::run);
    }

    private void run(JsonGenerator json) throws IOException {
        long end = System.nanoTime() + timeout.toNanos();
        Map<String, String> known = read(json, null);
        while (System.nanoTime() - end < 0) {
            try {
                Thread.sleep(INTERVAL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            known = read(json, known);
        }
    }

    /** One reading: sends what changed since {@code before} (null: the first reading), returns each object's version. */
    private Map<String, String> read(JsonGenerator json, Map<String, String> before) throws IOException {
        Map<String, String> seen = new HashMap<>();
        boolean[] sent = {false};
        Optional<Continue> from = Optional.empty();
        do {
            ListPage page = new ListPage((key, object) -> {
                String id = id(object);
                String version = ObjectVersions.of(object);
                seen.put(id, version);
                String type = before == null ? first(version) : before.containsKey(id) ? (before.get(id).equals(version) ? null : "MODIFIED") : "ADDED";
                if (type != null) {
                    send(json, type, object);
                    sent[0] = true;
                }
            }, selector, PAGE, RequestDeadline.in(readingTime));
            from = reader.list(scope, from, page);
        } while (from.isPresent());
        if (before != null) {
            for (Map.Entry<String, String> gone : before.entrySet()) {
                if (!seen.containsKey(gone.getKey())) {
                    send(json, "DELETED", deleted(gone.getKey(), gone.getValue()));
                    sent[0] = true;
                }
            }
        }
        if (!sent[0]) {
            // Whitespace between events is allowed; writing it finds a client that went away.
            json.writeRaw('\n');
        }
        json.flush();
        return seen;
    }

    /** At the first reading: everything without a start version; after one, what changed after it. */
    private String first(String version) {
        if (since.isEmpty()) {
            return "ADDED";
        }
        try {
            return Long.parseLong(version) > Long.parseLong(since.get()) ? "MODIFIED" : null;
        } catch (NumberFormatException versionsAreNotTimes) {
            return null;
        }
    }

    private void send(JsonGenerator json, String type, ObjectNode object) {
        try {
            json.writeStartObject();
            json.writeStringField("type", type);
            json.writeFieldName("object");
            new ObjectWriter(json, resource, representation, clock.instant()).writeOne(object);
            json.writeEndObject();
            json.writeRaw('\n');
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a DELETED event shows of an object that is gone: its kind, name, namespace and last version. */
    private ObjectNode deleted(String id, String version) {
        ObjectNode object = JSON.createObjectNode().put("apiVersion", resource.groupVersion()).put("kind", resource.kind());
        ObjectNode metadata = object.putObject("metadata");
        int slash = id.indexOf('/');
        if (resource.namespaced()) {
            metadata.put("name", id.substring(slash + 1)).put("namespace", id.substring(0, slash));
        } else {
            metadata.put("name", id);
        }
        metadata.put("resourceVersion", version);
        return object;
    }

    private String id(ObjectNode object) {
        String name = object.at("/metadata/name").asText();
        return resource.namespaced() ? object.at("/metadata/namespace").asText() + "/" + name : name;
    }
}
