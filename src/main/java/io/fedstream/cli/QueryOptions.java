package io.fedstream.cli;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options every {@code get} command shares: which query API to ask, and its bearer token. */
final class QueryOptions {

    @Option(names = "--server", defaultValue = "http://127.0.0.1:8080", paramLabel = "URL",
            description = "The query API of any fedstream instance (default: ${DEFAULT-VALUE}, the `run --embedded` address).")
    private URI server;

    @Option(names = "--token", defaultValue = "${env:FEDSTREAM_HTTP_BEARER_TOKEN}", paramLabel = "TOKEN",
            description = "Bearer token of the query API; default: the FEDSTREAM_HTTP_BEARER_TOKEN environment variable.")
    private String token;

    QueryClient client() {
        return new QueryClient(server, Optional.ofNullable(token));
    }

    /** One path segment or query value, percent-encoded. */
    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
