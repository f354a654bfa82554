package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
import org.apache.kafka.streams.state.HostInfo;

/** Asks another instance's internal routes for what its own stores hold, with this instance's bearer token. */
final class PeerClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final Optional<String> token;

    PeerClient(Optional<String> token) {
        this.token = token;
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

    /** One path segment, percent-encoded. */
    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A slash-separated id (a workload key, a command id) as path segments, each percent-encoded. */
    static String segments(String id) {
        return Stream.of(id.split("/", -1)).map(PeerClient::segment).collect(Collectors.joining("/"));
    }

    private CompletableFuture<HttpResponse<String>> send(HostInfo peer, String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + peer.host() + ":" + peer.port() + pathAndQuery))
                .timeout(TIMEOUT)
                .header("Accept", "application/json")
                .GET();
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                .exceptionally(e -> {
                    throw new StoreUnavailableException("instance " + peer + " is unreachable: " + e.getMessage(), e);
                });
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
