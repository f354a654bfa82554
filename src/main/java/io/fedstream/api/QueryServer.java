package io.fedstream.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.metrics.FedstreamMetrics;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP server of one instance on the JDK HTTP server: binds its port first (so {@code application.server} can name
 * it), serves once the streams run. It answers the query API in JSON and {@code /metrics} in Prometheus' format, both
 * behind the bearer token (metrics not when {@code metrics.public}), and the live view's page and assets to anyone.
 */
public final class QueryServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RETRY_AFTER_SECONDS = "1";
    private static final String METRICS_PATH = "/metrics";

    private final HttpServer server;
    private final BearerToken token;
    private final Optional<String> rawToken;
    private final ExecutorService executor;
    private final WebAssets assets = new WebAssets();
    private volatile FedstreamMetrics metrics;
    private boolean metricsPublic;
    private volatile Router router = new Router();

    private QueryServer(HttpServer server, Optional<String> token) {
        this.server = server;
        this.rawToken = token;
        this.token = new BearerToken(token);
        AtomicInteger threads = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(8, runnable -> {
            Thread thread = new Thread(runnable, "fedstream-http-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Binds {@code http.host:http.port} (port 0 picks a free one) without serving yet. */
    public static QueryServer bind(FedstreamConfig config) {
        QueryServer server = bind(config.httpHost(), config.httpPort(), config.httpBearerToken().map(Password::value));
        server.metricsPublic = config.metricsPublic();
        return server;
    }

    /** Binds host:port (port 0 picks a free one); a present token is then required from every client. */
    public static QueryServer bind(String host, int port, Optional<String> token) {
        try {
            return new QueryServer(HttpServer.create(new InetSocketAddress(host, port), 64), token);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen on " + host + ":" + port + " (http.host, http.port): " + e.getMessage(), e);
        }
    }

    /** This instance's endpoint as the other instances reach it: the value of {@code application.server}. */
    public HostInfo endpoint() {
        InetSocketAddress address = server.getAddress();
        return new HostInfo(address.getHostString(), address.getPort());
    }

    /** Serves the routes over the running clients' stores: clusters from the health client, the rest from the workload client. */
    public QueryServer start(KafkaStreams streams, KafkaStreams health) {
        PeerClient peers = new PeerClient(rawToken);
        return start(new FanOut(new StreamsPartitions(streams, endpoint()), peers),
                new FanOut(new StreamsPartitions(health, endpoint()), peers));
    }

    /** Serves every route over the stores of the two clients as {@code workloads} and {@code health} reach them (the seam tests use). */
    QueryServer start(FanOut workloads, FanOut health) {
        Router routes = new Router();
        WorkStatusQuery copies = new WorkStatusQuery(workloads);
        copies.addTo(routes);
        new BindingRoutes(new BindingQuery(workloads), copies).addTo(routes);
        new QuotaRoutes(new QuotaQuery(workloads, Clock.systemUTC())).addTo(routes);
        new AggregateRoutes(new AggregateQuery(workloads)).addTo(routes);
        new MigrationRoutes(new MigrationQuery(workloads)).addTo(routes);
        new ClusterRoutes(new ClusterQuery(health)).addTo(routes);
        new RecommendationRoutes(new RecommendationQuery(workloads)).addTo(routes);
        PolicyRoutes.propagationPolicies(workloads).addTo(routes);
        PolicyRoutes.overridePolicies(workloads).addTo(routes);
        PolicyRoutes.clusterPropagationPolicies(workloads).addTo(routes);
        PolicyRoutes.clusterOverridePolicies(workloads).addTo(routes);
        this.router = routes;
        server.start();
        LOG.info("Query API listening on http://{}:{}{}", endpoint().host(), endpoint().port(),
                token.required() ? " (bearer token required)" : "");
        return this;
    }

    /** Serves the Kubernetes probes {@code /healthz} and {@code /readyz} too, without the bearer token. */
    public QueryServer withProbes(Probes probes) {
        probes.addTo(server);
        return this;
    }

    /** Serves these meters at {@code /metrics}; without them that path is not found. */
    public QueryServer withMetrics(FedstreamMetrics metrics) {
        this.metrics = metrics;
        return this;
    }

    /** The URL of the live view. */
    public String url() {
        return "http://" + endpoint().host() + ":" + endpoint().port() + "/";
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        boolean get = exchange.getRequestMethod().equals("GET");
        Optional<WebAssets.Asset> asset = assets.at(path);
        if (get && asset.isPresent()) {
            send(exchange, 200, asset.get().contentType(), asset.get().body());
            return;
        }
        FedstreamMetrics served = metrics;
        if (get && served != null && path.equals(METRICS_PATH)
                && (metricsPublic || token.accepts(exchange.getRequestHeaders().getFirst("Authorization")))) {
            send(exchange, 200, FedstreamMetrics.contentType(), served.scrape().getBytes(StandardCharsets.UTF_8));
            return;
        }
        ApiResponse response;
        try {
            response = respond(exchange);
        } catch (RuntimeException e) {
            LOG.warn("Query {} failed", exchange.getRequestURI(), e);
            response = ApiResponse.error(500, "InternalError", e.getClass().getSimpleName());
        }
        send(exchange, response);
    }

    private ApiResponse respond(HttpExchange exchange) {
        // Authentication comes before routing so that nothing, not even which paths exist, shows without the token.
        if (!token.accepts(exchange.getRequestHeaders().getFirst("Authorization"))) {
            return new ApiResponse(401, ApiResponse.errorBody("unauthorized", null), Map.of("WWW-Authenticate", "Bearer"));
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            return new ApiResponse(405, ApiResponse.errorBody("MethodNotAllowed", "only GET is served"), Map.of("Allow", "GET"));
        }
        Optional<Router.Match> match = router.match(exchange.getRequestURI().getRawPath());
        if (match.isEmpty()) {
            return ApiResponse.error(404, "NotFound", "no route for " + exchange.getRequestURI().getPath());
        }
        try {
            return match.get().handler().handle(new ApiRequest(match.get().variables(), query(exchange.getRequestURI().getRawQuery())));
        } catch (BadRequestException e) {
            return ApiResponse.error(400, "BadRequest", e.getMessage()).with("field", e.field());
        } catch (StoreUnavailableException e) {
            return new ApiResponse(503, ApiResponse.errorBody("Unavailable", e.getMessage()), Map.of("Retry-After", RETRY_AFTER_SECONDS));
        }
    }

    private static Map<String, String> query(String rawQuery) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) {
            String[] parts = pair.split("=", 2);
            parameters.put(URLDecoder.decode(parts[0], StandardCharsets.UTF_8),
                    parts.length == 2 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "");
        }
        return parameters;
    }

    private static void send(HttpExchange exchange, ApiResponse response) throws IOException {
        response.headers().forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
        send(exchange, response.status(), "application/json", JSON.writeValueAsBytes(response.body()));
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdown();
        try {
            executor.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
