package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.metrics.FedstreamMetrics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The live view's files are public; {@code /metrics} and the data are behind the token unless metrics.public says otherwise. */
class LiveViewServingTest {

    private static final String TOKEN = "view-token";

    private final HttpClient http = HttpClient.newHttpClient();
    private final FedstreamMetrics metrics = FedstreamMetrics.create();
    private final TestStores stores = new TestStores();
    private QueryServer server;

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void pageScriptAndStyleAreServedWithoutTheTokenWhileDataIsNot() throws Exception {
        server = stores.serve(QueryServer.bind("127.0.0.1", 0, Optional.of(TOKEN)).withMetrics(metrics), Optional.of(TOKEN));

        HttpResponse<String> page = get("/", Optional.empty());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
        assertThat(page.body()).contains("<script src=\"/ui/app.js\"></script>", "id=\"token-form\"");
        HttpResponse<String> script = get("/ui/app.js", Optional.empty());
        assertThat(script.headers().firstValue("Content-Type")).contains("text/javascript; charset=utf-8");
        assertThat(script.body()).contains("'Bearer ' + token");
        assertThat(get("/ui/style.css", Optional.empty()).headers().firstValue("Content-Type")).contains("text/css; charset=utf-8");

        assertThat(get("/ui/other.js", Optional.empty()).statusCode()).as("no other file is served without the token").isEqualTo(401);
        assertThat(get("/apis/resourcebindings?namespace=a", Optional.empty()).statusCode()).isEqualTo(401);
        assertThat(get("/apis/resourcebindings?namespace=a", Optional.of(TOKEN)).statusCode()).isEqualTo(200);
    }

    @Test
    void metricsAskForTheTokenAndAnswerInPrometheusTextWithIt() throws Exception {
        server = stores.serve(QueryServer.bind("127.0.0.1", 0, Optional.of(TOKEN)).withMetrics(metrics), Optional.of(TOKEN));
        metrics.deadLettered("interpret");

        HttpResponse<String> refused = get("/metrics", Optional.empty());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(get("/metrics", Optional.of("wrong")).statusCode()).isEqualTo(401);

        HttpResponse<String> scraped = get("/metrics", Optional.of(TOKEN));
        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.headers().firstValue("Content-Type")).contains(FedstreamMetrics.contentType());
        assertThat(scraped.body()).contains("fedstream_dead_letters_total{stage=\"interpret\"} 1.0");
    }

    @Test
    void metricsPublicServesMetricsWithoutTheTokenAndNothingElse() throws Exception {
        server = stores.serve(QueryServer.bind(FedstreamConfig.of(Map.of(FedstreamConfig.HTTP_PORT, "0", FedstreamConfig.HTTP_BEARER_TOKEN, TOKEN,
                FedstreamConfig.METRICS_PUBLIC, "true"))).withMetrics(metrics), Optional.of(TOKEN));
        metrics.heartbeatProcessed(Instant.now().minusMillis(1500), Instant.now().toEpochMilli());

        HttpResponse<String> scraped = get("/metrics", Optional.empty());
        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.body()).contains("fedstream_heartbeat_lag_seconds_count 1", "fedstream_heartbeat_lag_seconds_bucket{le=\"2.5\"} 1");
        assertThat(get("/apis/resourcebindings?namespace=a", Optional.empty()).statusCode()).isEqualTo(401);
    }

    @Test
    void withoutMetricsTheRouteIsNotFound() throws Exception {
        server = stores.serve(Optional.of(TOKEN));

        assertThat(get("/metrics", Optional.of(TOKEN)).statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> get(String path, Optional<String> token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url()).resolve(path));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
