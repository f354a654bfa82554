package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * Reads the query API of a running fedstream for the command line: one object, or a whole list page after page
 * ({@code limit} and {@code continue}, as kubectl reads it); a 429 is retried after its {@code Retry-After}, as
 * client-go retries it; failures become messages a person can act on.
 */
final class QueryClient {

    /** An answer that is not the object asked for: the message to print, and the HTTP status (0: no answer at all). */
    static final class QueryException extends Exception {
        private final int status;

        QueryException(int status, String message) {
            super(message);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    /** The page size asked for: kubectl's. */
    static final int PAGE = 500;
    private static final int MAX_RETRIES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI server;
    private final Optional<String> token;
    private final HttpClient http;

    QueryClient(URI server, Optional<String> token) {
        this(server, token, Optional.empty());
    }

    /** With {@code tls}, an https:// server's certificate must be signed by the authority it trusts. */
    QueryClient(URI server, Optional<String> token, Optional<SSLContext> tls) {
        this.server = server;
        this.token = token.filter(t -> !t.isEmpty());
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        tls.ifPresent(builder::sslContext);
        this.http = builder.build();
    }

    /** GETs a path and returns its JSON body on 200. */
    JsonNode get(String pathAndQuery) throws QueryException, InterruptedException {
        URI uri = server.resolve(pathAndQuery);
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = send(uri);
            JsonNode body = parse(response.body());
            switch (response.statusCode()) {
                case 200:
                    return body;
                case 401:
                    throw new QueryException(401, "unauthorized by " + server + ": give the token with --token, "
                            + ClientSettings.TOKEN_VARIABLE + " or `fedstream config set-context`");
                case 429:
                    if (attempt < MAX_RETRIES) {
                        Thread.sleep(retryAfter(response).toMillis());
                        continue;
                    }
                    throw new QueryException(429, "fedstream is busy: " + body.path("message").asText("too many requests"));
                case 503:
                    throw new QueryException(503, "fedstream is rebalancing; retry in a moment ("
                            + body.path("message").asText("unavailable") + ")");
                default:
                    throw new QueryException(response.statusCode(), body.path("message").asText("HTTP " + response.statusCode() + " from " + uri));
            }
        }
    }

    /** Every item of a list, read page after page. */
    List<JsonNode> list(String path) throws QueryException, InterruptedException {
        List<JsonNode> items = new ArrayList<>();
        String next = null;
        do {
            JsonNode page = get(path + (path.contains("?") ? "&" : "?") + "limit=" + PAGE
                    + (next == null ? "" : "&continue=" + QueryOptions.encode(next)));
            page.path("items").forEach(items::add);
            next = page.at("/metadata/continue").asText(null);
        } while (next != null && !next.isEmpty());
        return items;
    }

    /** The server asked, and whether with a token, never the token. */
    @Override
    public String toString() {
        return server + (token.isPresent() ? " with a token" : " without a token");
    }

    private HttpResponse<String> send(URI uri) throws QueryException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("Accept", "application/json");
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new QueryException(0, "cannot reach the fedstream query API at " + server
                    + " (is `fedstream run` up? set --server, " + ClientSettings.SERVER_VARIABLE + " or a context): " + describe(e));
        } catch (IOException e) {
            throw new QueryException(0, "the fedstream query API at " + server + " failed: " + describe(e));
        }
    }

    private static Duration retryAfter(HttpResponse<String> response) {
        try {
            return Duration.ofSeconds(Math.max(1, Long.parseLong(response.headers().firstValue("Retry-After").orElse("1"))));
        } catch (NumberFormatException e) {
            return Duration.ofSeconds(1);
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body == null || body.isEmpty() ? "{}" : body);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    /** The first message on the cause chain; the HTTP client's ConnectException of a closed port carries none. */
    private static String describe(IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null) {
                return cause.getMessage();
            }
        }
        return e instanceof ConnectException ? "nothing accepts connections there" : e.getClass().getSimpleName();
    }
}
