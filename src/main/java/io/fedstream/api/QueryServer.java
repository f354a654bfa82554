package io.fedstream.api;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.decide.PublishedPolicy;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP server of one instance on the JDK HTTP server: binds its port first (so {@code application.server} can name
 * it), serves once the streams run. It answers the query API (Kubernetes' conventions, and fedstream's routes of the
 * previous release) and {@code /metrics} in Prometheus' format, both behind the bearer token (metrics not when {@code
 * metrics.public}), and the live view's page and assets to anyone. It answers a bounded number of queries and watches at
 * once ({@link RequestGate}: the rest get 429 at once), each within {@code http.request.timeout.ms}.
 */
public final class QueryServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryServer.class);
    private static final String METRICS_PATH = "/metrics";

    /** How much the server does at once and how long one request may take. */
    public record Limits(int maxConcurrentRequests, int maxWatches, Duration requestTimeout) {

        /** As the configuration's defaults give them. */
        public static Limits defaults() {
            return of(FedstreamConfig.of(Map.of()));
        }

        static Limits of(FedstreamConfig config) {
            return new Limits(config.httpMaxConcurrentRequests(), config.httpMaxWatches(), config.httpRequestTimeout());
        }
    }

    private final HttpServer server;
    private final Optional<TlsContext> tls;
    private final BearerToken token;
    private final Optional<String> rawToken;
    private final Limits limits;
    private final RequestGate gate;
    private final ExecutorService executor;
    private final WebAssets assets = new WebAssets();
    private volatile FedstreamMetrics metrics;
    private boolean metricsPublic;
    private volatile Router router = new Router();

    private QueryServer(HttpServer server, Optional<TlsContext> tls, Optional<String> token, Limits limits) {
        this.server = server;
        this.tls = tls;
        this.rawToken = token;
        this.token = new BearerToken(token);
        this.limits = limits;
        this.gate = new RequestGate(limits.maxConcurrentRequests(), limits.maxWatches());
        AtomicInteger threads = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(gate.threads(), runnable -> {
            Thread thread = new Thread(runnable, "fedstream-http-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Binds {@code http.host:http.port} (port 0 picks a free one), HTTPS when the configuration names a certificate, without serving yet. */
    public static QueryServer bind(FedstreamConfig config) {
        QueryServer server = bind(config.httpHost(), config.httpPort(), config.httpTls().map(TlsContext::of),
                config.httpBearerToken().map(Password::value), Limits.of(config));
        server.metricsPublic = config.metricsPublic();
        return server;
    }

    /** Binds host:port (port 0 picks a free one) with the default limits; a present token is then required from every client. */
    public static QueryServer bind(String host, int port, Optional<String> token) {
        return bind(host, port, token, Limits.defaults());
    }

    /** Binds host:port (port 0 picks a free one); a present token is then required from every client. */
    public static QueryServer bind(String host, int port, Optional<String> token, Limits limits) {
        return bind(host, port, Optional.empty(), token, limits);
    }

    private static QueryServer bind(String host, int port, Optional<TlsContext> tls, Optional<String> token, Limits limits) {
        try {
            InetSocketAddress address = new InetSocketAddress(host, port);
            HttpServer server;
            if (tls.isPresent()) {
                HttpsServer https = HttpsServer.create(address, 64);
                https.setHttpsConfigurator(new HttpsConfigurator(tls.get().server()));
                server = https;
            } else {
                server = HttpServer.create(address, 64);
            }
            return new QueryServer(server, tls, token, limits);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen on " + host + ":" + port + " (http.host, http.port): " + e.getMessage(), e);
        }
    }

    /** This instance's endpoint as the other instances reach it: the value of {@code application.server}. */
    public HostInfo endpoint() {
        InetSocketAddress address = server.getAddress();
        return new HostInfo(address.getHostString(), address.getPort());
    }

    /**
     * Serves the routes over the running clients' stores: clusters from the health client, the rest from the workload
     * client; {@code policies}: the policies topic's serde, in which the namespace pass keeps the policies it holds.
     */
    public QueryServer start(KafkaStreams streams, KafkaStreams health, Serde<PolicyEvent> policies) {
        PeerClient peers = new PeerClient(rawToken, tls.map(TlsContext::client));
        return start(new FanOut(new StreamsPartitions(streams, endpoint()), peers),
                new FanOut(new StreamsPartitions(health, endpoint()), peers), policies);
    }

    /** Serves every route over the stores of the two clients as {@code workloads} and {@code health} reach them (the seam tests use). */
    QueryServer start(FanOut workloads, FanOut health, Serde<PolicyEvent> policies) {
        Clock clock = Clock.systemUTC();
        BindingQuery bindings = new BindingQuery(workloads);
        QuotaQuery quotas = new QuotaQuery(workloads, clock);
        AggregateQuery aggregates = new AggregateQuery(workloads);
        MigrationQuery migrations = new MigrationQuery(workloads);
        ClusterQuery clusters = new ClusterQuery(health);
        PolicyQuery propagation = new PolicyQuery(workloads, policies, PublishedPolicy::propagationPolicies);
        PolicyQuery override = new PolicyQuery(workloads, policies, PublishedPolicy::overridePolicies);
        List<ResourceRoutes> kinds = KubeApi.routes(bindings, quotas, aggregates, migrations, clusters, propagation, override, clock,
                limits.requestTimeout());
        Router routes = new Router();
        // The previous release's routes come first: /apis/{group} would take /apis/clusters otherwise.
        aliases(routes, kinds);
        new BindingRoutes(bindings).addTo(routes);
        new QuotaRoutes(quotas).addTo(routes);
        new AggregateRoutes(aggregates).addTo(routes);
        new MigrationRoutes(migrations).addTo(routes);
        new ClusterRoutes(clusters).addTo(routes);
        new RecommendationRoutes(new RecommendationQuery(workloads)).addTo(routes);
        PolicyRoutes.propagationPolicies(propagation).addTo(routes);
        PolicyRoutes.overridePolicies(override).addTo(routes);
        PolicyRoutes.clusterPropagationPolicies(propagation).addTo(routes);
        PolicyRoutes.clusterOverridePolicies(override).addTo(routes);
        kinds.forEach(kind -> kind.addTo(routes));
        new Discovery(kinds.stream().map(ResourceRoutes::resource).toList(),
                Optional.ofNullable(QueryServer.class.getPackage().getImplementationVersion()).orElse("0.0.0-dev")).addTo(routes);
        this.router = routes;
        server.start();
        LOG.info("Query API listening on {}{}", url(), token.required() ? " (bearer token required)" : "");
        return this;
    }

    /** The previous release's list routes, answered now as paged Kubernetes lists of the same objects. */
    private static void aliases(Router routes, List<ResourceRoutes> kinds) {
        for (ResourceRoutes kind : kinds) {
            String previous = switch (kind.resource().plural()) {
                case "resourcebindings" -> "/apis/resourcebindings";
                case "migrations" -> "/apis/migrations";
                case "clusters" -> "/apis/clusters";
                default -> null;
            };
            if (previous != null) {
                routes.get(previous, request -> kind.list(request, request.query("namespace")));
            }
        }
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
        return (tls.isPresent() ? "https://" : "http://") + endpoint().host() + ":" + endpoint().port() + "/";
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
        Reply reply;
        try {
            reply = respond(exchange);
        } catch (RuntimeException e) {
            LOG.warn("Query {} failed", exchange.getRequestURI(), e);
            reply = ApiResponse.error(500, "InternalError", e.getClass().getSimpleName());
        }
        reply.send(exchange);
    }

    private Reply respond(HttpExchange exchange) {
        // Authentication comes before routing so that nothing, not even which paths exist, shows without the token.
        if (!token.accepts(exchange.getRequestHeaders().getFirst("Authorization"))) {
            return KubeStatus.unauthorized();
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            return new ApiResponse(405, KubeStatus.of(405, "MethodNotAllowed", "fedstream's query API is read-only: only GET is served;"
                    + " write through Kafka (fedstream apply)").body(), Map.of("Allow", "GET"));
        }
        Optional<Router.Match> match = router.match(exchange.getRequestURI().getRawPath());
        if (match.isEmpty()) {
            return KubeStatus.of(404, "NotFound", "the server could not find the requested resource (no route for "
                    + exchange.getRequestURI().getPath() + ")");
        }
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        RequestGate.Kind kind = exchange.getRequestURI().getRawPath().startsWith("/internal/") ? RequestGate.Kind.PEER
                : "true".equals(query.get("watch")) || "1".equals(query.get("watch")) ? RequestGate.Kind.WATCH : RequestGate.Kind.QUERY;
        Optional<RequestGate.Permit> permit = gate.tryEnter(kind);
        if (permit.isEmpty()) {
            return KubeStatus.tooManyRequests(gate.refusal(kind));
        }
        String accept = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Accept")).orElse("");
        ApiRequest request = new ApiRequest(match.get().variables(), query, accept, RequestDeadline.in(limits.requestTimeout()));
        Reply reply;
        try {
            reply = match.get().handler().handle(request);
        } catch (BadRequestException e) {
            permit.get().close();
            return ApiResponse.error(400, "BadRequest", e.getMessage()).with("field", e.field());
        } catch (StoreUnavailableException e) {
            permit.get().close();
            return new ApiResponse(503, ApiResponse.errorBody("Unavailable", e.getMessage()), Map.of("Retry-After", "1"));
        } catch (RuntimeException e) {
            permit.get().close();
            throw e;
        }
        // The place is held until the answer is written: a streamed list reads its stores while it writes.
        return exchangeToSend -> {
            try (RequestGate.Permit held = permit.get()) {
                reply.send(exchangeToSend);
            }
        };
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
        executor.shutdownNow();
        try {
            executor.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
