package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** /healthz and /readyz on the query server: what a kubelet sees, without a bearer token. */
class ProbesTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicBoolean alive = new AtomicBoolean(true);
    private final AtomicBoolean ready = new AtomicBoolean(false);
    private final TestStores stores = new TestStores();
    private QueryServer server;

    @BeforeEach
    void start() {
        server = stores.serve(QueryServer.bind("127.0.0.1", 0, Optional.of("s3cret"))
                .withProbes(new Probes(alive::get, ready::get, () -> ready.get() ? "RUNNING" : "REBALANCING")), Optional.of("s3cret"));
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void aliveButRebalancingIsHealthyAndNotReady() throws Exception {
        assertThat(get("/healthz")).extracting(HttpResponse::statusCode, HttpResponse::body).containsExactly(200, "ok REBALANCING\n");
        assertThat(get("/readyz")).extracting(HttpResponse::statusCode, HttpResponse::body)
                .containsExactly(503, "not ok REBALANCING\n");
    }

    @Test
    void runningIsReady() throws Exception {
        ready.set(true);

        assertThat(get("/readyz")).extracting(HttpResponse::statusCode, HttpResponse::body).containsExactly(200, "ok RUNNING\n");
    }

    @Test
    void aStalledInstanceIsNotAlive() throws Exception {
        alive.set(false);

        assertThat(get("/healthz").statusCode()).isEqualTo(503);
    }

    @Test
    void theApiStillWantsItsToken() throws Exception {
        assertThat(get("/apis/resourcebindings?namespace=x").statusCode()).isEqualTo(401);
    }

    private HttpResponse<String> get(String path) throws Exception {
        URI uri = URI.create("http://" + server.endpoint().host() + ":" + server.endpoint().port() + path);
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
