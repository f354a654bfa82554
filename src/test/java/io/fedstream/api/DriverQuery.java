package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The query API over the stores of a whole topology on one TopologyTestDriver (partition 0 of every store, active
 * here), for tests that drive the topology and check what the API answers rather than what a store holds.
 */
public final class DriverQuery implements Partitions, AutoCloseable {

    /** The driver's stores by name ({@code TopologyTestDriver::getKeyValueStore}, or a test driver's own accessor). */
    @FunctionalInterface
    public interface Stores {
        <V> ReadOnlyKeyValueStore<String, V> store(String name);
    }

    private static final HostInfo SELF = new HostInfo("127.0.0.1", 1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Stores stores;
    private final QueryServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    public DriverQuery(Stores stores) {
        this.stores = stores;
        FanOut fanOut = new FanOut(this, new PeerClient(Optional.empty(), Optional.empty()));
        // Its tests read no policies: the policies' serde only has to be one.
        this.server = QueryServer.bind("127.0.0.1", 0, Optional.empty()).start(fanOut, fanOut,
                new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(PolicyEvent.class, false));
    }

    /** {@code GET /apis/recommendations?namespace=NS}, read back as {@code fedstream get recommendations} reads it. */
    public List<NamespaceRecommendations> recommendations(String namespace) {
        return RecommendationObject.fromJson(get("/apis/recommendations?namespace=" + namespace));
    }

    private JsonNode get(String path) {
        URI uri = URI.create("http://127.0.0.1:" + server.endpoint().port() + path);
        try {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + answer.statusCode() + ": " + answer.body());
            }
            return JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public HostInfo self() {
        return SELF;
    }

    @Override
    public KeyQueryMetadata owner(String store, String key) {
        return new KeyQueryMetadata(SELF, Set.of(), 0);
    }

    @Override
    public Map<HostInfo, Set<Integer>> owners(String store) {
        return Map.of(SELF, Set.of(0));
    }

    @Override
    public <V> ReadOnlyKeyValueStore<String, V> store(String store, int partition) {
        return stores.store(store);
    }

    @Override
    public void close() {
        server.close();
    }
}
