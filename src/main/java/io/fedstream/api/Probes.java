package io.fedstream.api;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The Kubernetes probes: {@code GET /healthz} answers 200 while the instance is alive (503: restart it), {@code GET
 * /readyz} 200 while it is ready for queries (503: send no traffic), each as the given suppliers judge it
 * ({@code StreamsRunner#alive}, {@code #ready}). Plain text, and no bearer token: a kubelet sends none, and the answer
 * tells nothing but the state and why it is not ready.
 */
public final class Probes {

    private final BooleanSupplier alive;
    private final BooleanSupplier ready;
    private final Supplier<String> state;

    /** @param state what the answer body says, e.g. the Kafka Streams state */
    public Probes(BooleanSupplier alive, BooleanSupplier ready, Supplier<String> state) {
        this.alive = alive;
        this.ready = ready;
        this.state = state;
    }

    void addTo(HttpServer server) {
        server.createContext("/healthz", exchange -> answer(exchange, alive.getAsBoolean()));
        server.createContext("/readyz", exchange -> answer(exchange, ready.getAsBoolean()));
    }

    private void answer(HttpExchange exchange, boolean ok) throws IOException {
        try (exchange) {
            byte[] body = ((ok ? "ok " : "not ok ") + state.get() + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(ok ? 200 : 503, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }
}
