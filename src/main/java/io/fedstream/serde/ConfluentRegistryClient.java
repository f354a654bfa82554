package io.fedstream.serde;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.apache.avro.Schema;

/** A caching client of any registry that speaks the Confluent REST API (Confluent, Apicurio's ccompat, Karapace). */
public final class ConfluentRegistryClient implements SchemaRegistry {

    private final ConfluentRestApi api;
    private final CachingSchemaRegistry cache;

    ConfluentRegistryClient(ConfluentRestApi api, Duration latestTtl, LongSupplier nanoTime) {
        this.api = api;
        this.cache = new CachingSchemaRegistry(api, latestTtl, nanoTime);
    }

    /** {@code baseUrl} is the API root, e.g. {@code http://host:8080/apis/ccompat/v7} for Apicurio. */
    public static Builder builder(String baseUrl) {
        return new Builder(baseUrl);
    }

    public String baseUrl() {
        return api.baseUrl();
    }

    @Override
    public int register(String subject, Schema schema) {
        return cache.register(subject, schema);
    }

    @Override
    public int lookup(String subject, Schema schema) {
        return cache.lookup(subject, schema);
    }

    @Override
    public Schema getById(int id) {
        return cache.getById(id);
    }

    @Override
    public RegisteredSchema latestVersion(String subject) {
        return cache.latestVersion(subject);
    }

    @Override
    public List<String> subjects() {
        return cache.subjects();
    }

    /** {@code GET /subjects}: called at start so that a wrong URL fails there, naming the URL, not at the first record. */
    @Override
    public void checkReachable() {
        api.checkReachable();
    }

    /** Connection settings; defaults: connect 5 s, request 10 s, latest-version TTL 60 s, no authentication. */
    public static final class Builder {
        private final String baseUrl;
        private String authorization;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private Duration latestTtl = Duration.ofSeconds(60);

        private Builder(String baseUrl) {
            this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        }

        public Builder basicAuth(String user, String password) {
            String token = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            this.authorization = "Basic " + token;
            return this;
        }

        public Builder bearerToken(String token) {
            this.authorization = "Bearer " + token;
            return this;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = requirePositive(timeout, "connectTimeout");
            return this;
        }

        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = requirePositive(timeout, "requestTimeout");
            return this;
        }

        /** How long {@link #latestVersion} answers from its cache; zero asks the registry every time. */
        public Builder latestTtl(Duration ttl) {
            if (ttl.isNegative()) {
                throw new IllegalArgumentException("latestTtl must not be negative: " + ttl);
            }
            this.latestTtl = ttl;
            return this;
        }

        public ConfluentRegistryClient build() {
            HttpClient http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                    .version(HttpClient.Version.HTTP_1_1).build();
            return new ConfluentRegistryClient(new ConfluentRestApi(http, baseUrl, authorization, requestTimeout),
                    latestTtl, System::nanoTime);
        }

        private static Duration requirePositive(Duration d, String name) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }
    }
}
