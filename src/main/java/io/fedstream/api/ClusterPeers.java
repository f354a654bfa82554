package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.serde.AvroJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.streams.state.HostInfo;

/** Asks another instance's internal cluster routes for the clusters in its own store, with this instance's bearer token. */
final class ClusterPeers {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final Optional<String> token;

    ClusterPeers(Optional<String> token) {
        this.token = token;
    }

    /** The clusters of the given partitions of {@code peer}; fails with {@link StoreUnavailableException} on anything but 200. */
    CompletableFuture<List<ClusterWatch>> all(HostInfo peer, String partitions) {
        String path = "/internal/clusters?partitions=" + partitions;
        return send(peer, path).thenApply(response -> {
            if (response.statusCode() != 200) {
                throw unavailable(peer, path, response);
            }
            List<ClusterWatch> clusters = new ArrayList<>();
            read(response.body()).path("items").forEach(item -> clusters.add(AvroJson.toSpecific(item, ClusterWatch.class)));
            return clusters;
        });
    }

    /** One cluster from the instance that owns it: empty on 404. */
    Optional<ClusterWatch> byName(HostInfo peer, String cluster) {
        String path = "/internal/clusters/" + PeerClient.segment(cluster);
        HttpResponse<String> response = send(peer, path).join();
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw unavailable(peer, path, response);
        }
        return Optional.of(AvroJson.toSpecific(read(response.body()), ClusterWatch.class));
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
