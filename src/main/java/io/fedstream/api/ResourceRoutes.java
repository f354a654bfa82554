package io.fedstream.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The Kubernetes routes of one kind, read-only: the list (one namespace's, or every namespace's), one object, and a
 * watch, at Kubernetes' paths ({@code /apis/G/V/namespaces/NS/PLURAL[/NAME]}, {@code /apis/G/V/PLURAL[/NAME]}); for a
 * kind over a partitioned store, also the internal page route the other instances ask for one partition's slice.
 * Lists are paged ({@code limit}, default {@value #DEFAULT_LIMIT}, and {@code continue}) and written as they are read.
 */
final class ResourceRoutes {

    /** The page size when the client gives none: kubectl's own chunk size. */
    static final int DEFAULT_LIMIT = 500;
    // Written into a generator that sends what it holds when its buffer fills: never flushed object by object.
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

    private final ApiResource resource;
    private final ObjectReader reader;
    private final Clock clock;
    private final Duration requestTimeout;

    ResourceRoutes(ApiResource resource, ObjectReader reader, Clock clock, Duration requestTimeout) {
        this.resource = resource;
        this.reader = reader;
        this.clock = clock;
        this.requestTimeout = requestTimeout;
    }

    ApiResource resource() {
        return resource;
    }

    void addTo(Router router) {
        String base = "/apis/" + resource.groupVersion();
        if (resource.namespaced()) {
            router.get(base + "/" + resource.plural(), kube(request -> list(request, Optional.empty())))
                    .get(base + "/namespaces/{namespace}/" + resource.plural(),
                            kube(request -> list(request, Optional.of(request.path("namespace")))))
                    .get(base + "/namespaces/{namespace}/" + resource.plural() + "/{name}",
                            kube(request -> get(request, Optional.of(request.path("namespace")))));
        } else {
            router.get(base + "/" + resource.plural(), kube(request -> list(request, Optional.empty())))
                    .get(base + "/" + resource.plural() + "/{name}", kube(request -> get(request, Optional.empty())));
        }
        if (reader instanceof PartitionedReader partitioned) {
            router.get("/internal/pages/" + resource.plural(), kube(request -> localPage(request, partitioned)));
        }
    }

    /** The list a client asks for at {@code path}, e.g. a fedstream route kept as an alias of the Kubernetes one. */
    Reply list(ApiRequest request, Optional<String> namespace) {
        FieldSelector fields = FieldSelector.parse(request.query("fieldSelector").orElse(null));
        Predicate<ObjectNode> selector = LabelSelector.parse(request.query("labelSelector").orElse(null))::test;
        selector = selector.and(fields::test);
        Scope scope = new Scope(namespace, fields.name());
        Representation representation = Representation.of(request.accept(), request.query("includeObject"));
        if (request.flag("watch")) {
            Duration timeout = request.positive("timeoutSeconds").map(Duration::ofSeconds).orElse(Watch.LONGEST);
            return new Watch(resource, reader, scope, selector, representation, request.query("resourceVersion"), timeout, clock,
                    requestTimeout).reply();
        }
        int limit = request.positive("limit").filter(given -> given > 0).orElse(DEFAULT_LIMIT);
        Optional<Continue> from = Continue.parse(request.query("continue"), resource.plural());
        Instant now = clock.instant();
        Predicate<ObjectNode> selected = selector;
        return StreamedReply.of(json -> {
            ObjectWriter writer = new ObjectWriter(json, resource, representation, now);
            writer.beginList();
            Optional<Continue> next = reader.list(scope, from,
                    new ListPage((key, object) -> writer.write(object), selected, limit, request.deadline()));
            writer.endList(Long.toString(now.toEpochMilli()), next.map(position -> position.token(resource.plural())));
        });
    }

    private Reply get(ApiRequest request, Optional<String> namespace) {
        String name = request.path("name");
        Representation representation = Representation.of(request.accept(), request.query("includeObject"));
        Optional<ObjectNode> found = reader.get(new Scope(namespace, Optional.of(name)));
        if (request.deadline().passed()) {
            return KubeStatus.of(504, "Timeout", "reading " + resource.qualifiedName() + " \"" + name
                    + "\" took longer than http.request.timeout.ms (" + requestTimeout.toMillis() + " ms)");
        }
        if (found.isEmpty()) {
            return KubeStatus.notFound(resource, name);
        }
        Instant now = clock.instant();
        return StreamedReply.of(json -> new ObjectWriter(json, resource, representation, now).writeOne(found.get()));
    }

    /**
     * One partition's slice of a page, for the instance that fills the page: {@code {"items":[{"key","object"}...],
     * "continue":KEY|null}}, {@code continue} being where the slice stopped, or null when the partition has no more.
     */
    private Reply localPage(ApiRequest request, PartitionedReader partitioned) {
        int partition = request.partition();
        FieldSelector fields = FieldSelector.parse(request.query("fieldSelector").orElse(null));
        Predicate<ObjectNode> selector = LabelSelector.parse(request.query("labelSelector").orElse(null))::test;
        Scope scope = new Scope(request.query("namespace"), fields.name());
        String after = request.query("after").orElse(null);
        int limit = request.positive("limit").orElse(DEFAULT_LIMIT);
        RequestDeadline deadline = request.positive("budgetMs")
                .map(budget -> request.deadline().atMost(Duration.ofMillis(budget))).orElse(request.deadline());
        Predicate<ObjectNode> selected = selector.and(fields::test);
        return StreamedReply.of(json -> {
            json.writeStartObject();
            json.writeArrayFieldStart("items");
            ListPage page = new ListPage((key, object) -> {
                try {
                    json.writeStartObject();
                    json.writeStringField("key", key);
                    json.writeFieldName("object");
                    JSON.writeTree(json, object);
                    json.writeEndObject();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, selected, limit, deadline);
            page.resumeAfter(after);
            boolean exhausted = partitioned.localPage(partition, scope, after, page);
            json.writeEndArray();
            if (exhausted) {
                json.writeNullField("continue");
            } else {
                json.writeStringField("continue", page.lastKey() == null ? "" : page.lastKey());
            }
            json.writeEndObject();
        });
    }

    /** A Kubernetes route: what fails is answered as a Kubernetes Status. */
    private static Router.Handler kube(Router.Handler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (RuntimeException e) {
                return KubeStatus.failure(e);
            }
        };
    }
}
