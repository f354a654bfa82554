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
import java.util.Optional;

/** Reads the query API of a running fedstream for the command line; failures become messages a person can act on. */
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

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI server;
    private final Optional<String> token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    QueryClient(URI server, Optional<String> token) {
        this.server = server;
        this.token = token.filter(t -> !t.isEmpty());
    }

    /** GETs a path and returns its JSON body on 200. */
    JsonNode get(String pathAndQuery) throws QueryException, InterruptedException {
        URI uri = server.resolve(pathAndQuery);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("Accept", "application/json");
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new QueryException(0, "cannot reach the fedstream query API at " + server
                    + " (is `fedstream run` up? set --server): " + describe(e));
        } catch (IOException e) {
            throw new QueryException(0, "the fedstream query API at " + server + " failed: " + describe(e));
        }
        JsonNode body = parse(response.body());
        return switch (response.statusCode()) {
            case 200 -> body;
            case 401 -> throw new QueryException(401, "unauthorized by " + server
                    + ": give the token with --token or FEDSTREAM_HTTP_BEARER_TOKEN");
            case 503 -> throw new QueryException(503, "fedstream is rebalancing; retry in a moment ("
                    + body.path("message").asText("unavailable") + ")");
            default -> throw new QueryException(response.statusCode(), body.path("message").asText("HTTP " + response.statusCode() + " from " + uri));
        };
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
