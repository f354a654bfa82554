package io.fedstream.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.apache.kafka.streams.state.HostInfo;

/** Asks another instance's internal routes for what its own stores hold, with this instance's bearer token. */
final class PeerClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http;
    private final String scheme;
    private final Optional<String> token;

    /** Asks over HTTPS with the given context when the instances serve HTTPS, over HTTP otherwise. */
    PeerClient(Optional<String> token, Optional<SSLContext> tls) {
        this.token = token;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3));
        tls.ifPresent(builder::sslContext);
        this.http = builder.build();
        this.scheme = tls.isPresent() ? "https://" : "http://";
    }

    /** The body of an internal route; fails with {@link StoreUnavailableException} on anything but 200. */
    CompletableFuture<JsonNode> get(HostInfo peer, String pathAndQuery) {
        return send(peer, pathAndQuery).thenApply(response -> {
            if (response.statusCode() != 200) {
                throw unavailable(peer, pathAndQuery, response);
            }
            return read(response.body());
        });
    }

    /** The body of an internal route that answers one object: empty on 404; fails on anything but 200 otherwise. */
    CompletableFuture<Optional<JsonNode>> find(HostInfo peer, String pathAndQuery) {
        return send(peer, pathAndQuery).thenApply(response -> switch (response.statusCode()) {
            case 200 -> Optional.of(read(response.body()));
            case 404 -> Optional.empty();
            default -> throw unavailable(peer, pathAndQuery, response);
        });
    }

    /**
     * Streams an internal page route's answer ({@code {"items":[{"key","object"}...],"continue":KEY|null}}) into the page,
     * one object at a time; true when the peer read its partition to the end. A page that fills up (its deadline) stops
     * reading, and the answer is then the key of the last object read.
     */
    boolean page(HostInfo peer, String pathAndQuery, ListPage page) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(peer, pathAndQuery))
                .timeout(page.deadline().remaining().plus(TIMEOUT))
                .header("Accept", "application/json")
                .GET();
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new StoreUnavailableException("instance " + peer + " is unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while asking instance " + peer, e);
        }
        try (InputStream body = response.body(); JsonParser parser = JSON.getFactory().createParser(body)) {
            if (response.statusCode() != 200) {
                throw new StoreUnavailableException("instance " + peer + " answered " + response.statusCode() + " to " + pathAndQuery);
            }
            return readPage(parser, page, peer);
        } catch (IOException e) {
            throw new StoreUnavailableException("instance " + peer + " broke off its answer to " + pathAndQuery + ": " + e.getMessage(), e);
        }
    }

    private static boolean readPage(JsonParser parser, ListPage page, HostInfo peer) throws IOException {
        boolean exhausted = false;
        boolean answered = false;
        expect(parser.nextToken(), JsonToken.START_OBJECT);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("items")) {
                expect(parser.currentToken(), JsonToken.START_ARRAY);
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    JsonNode item = parser.readValueAsTree();
                    if (page.full()) {
                        // Out of time: what was read stands, the rest is the next page's.
                        return false;
                    }
                    if (!item.path("key").isTextual() || !item.path("object").isObject()) {
                        throw new StoreUnavailableException("instance " + peer + " answered what this instance cannot read: " + item);
                    }
                    page.offer(item.get("key").asText(), (ObjectNode) item.get("object"));
                }
            } else if (field.equals("continue")) {
                answered = true;
                exhausted = parser.currentToken() == JsonToken.VALUE_NULL;
                if (!exhausted) {
                    page.passed(parser.getText());
                }
            } else {
                parser.skipChildren();
            }
        }
        if (!answered) {
            throw new StoreUnavailableException("instance " + peer + " answered what this instance cannot read: a page without continue");
        }
        return exhausted;
    }

    private static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + expected + ", read " + actual);
        }
    }

    /** One path segment or query value, percent-encoded. */
    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A slash-separated id (a workload key, a command id) as path segments, each percent-encoded. */
    static String segments(String id) {
        return Stream.of(id.split("/", -1)).map(PeerClient::segment).collect(Collectors.joining("/"));
    }

    private CompletableFuture<HttpResponse<String>> send(HostInfo peer, String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(peer, pathAndQuery))
                .timeout(TIMEOUT)
                .header("Accept", "application/json")
                .GET();
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                .exceptionally(e -> {
                    throw new StoreUnavailableException("instance " + peer + " is unreachable: " + e.getMessage(), e);
                });
    }

    private URI uri(HostInfo peer, String pathAndQuery) {
        return URI.create(scheme + peer.host() + ":" + peer.port() + pathAndQuery);
    }

    private static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new StoreUnavailableException("an instance answered with invalid JSON: " + e.getMessage(), e);
        }
    }

    private static StoreUnavailableException unavailable(HostInfo peer, String path, HttpResponse<String> response) {
        return new StoreUnavailableException("instance " + peer + " answered " + response.statusCode() + " to " + path);
    }
}
