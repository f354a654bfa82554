package io.fedstream.api;

import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * Bounds what the HTTP server does at once, so that queries never take the memory or the cores the decisions need: a
 * number of queries, a number of watches, and as many requests from the other instances (their internal routes, so
 * that two busy instances never wait on each other). A request beyond its bound is refused at once (429), never queued.
 */
final class RequestGate {

    /** Which bound a request counts against. */
    enum Kind { QUERY, WATCH, PEER }

    /** A held place; closing it gives the place back. */
    interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private final Semaphore queries;
    private final Semaphore watches;
    private final Semaphore peers;
    private final int maxQueries;
    private final int maxWatches;

    RequestGate(int maxQueries, int maxWatches) {
        this.maxQueries = maxQueries;
        this.maxWatches = maxWatches;
        this.queries = new Semaphore(maxQueries);
        this.watches = new Semaphore(maxWatches);
        this.peers = new Semaphore(maxQueries);
    }

    /** A place for a request of this kind, or empty when all are taken. */
    Optional<Permit> tryEnter(Kind kind) {
        Semaphore bound = switch (kind) {
            case QUERY -> queries;
            case WATCH -> watches;
            case PEER -> peers;
        };
        if (!bound.tryAcquire()) {
            return Optional.empty();
        }
        return Optional.of(bound::release);
    }

    /** Why a request of this kind was refused, for the 429's message. */
    String refusal(Kind kind) {
        return switch (kind) {
            case QUERY, PEER -> "fedstream answers at most " + maxQueries + " queries at once (http.max.concurrent.requests); retry in a second";
            case WATCH -> "fedstream serves at most " + maxWatches + " watches at once (http.max.watches); retry later";
        };
    }

    /** Threads enough for every place and a few more, so that probes and refusals never wait behind held places. */
    int threads() {
        return 2 * maxQueries + maxWatches + 4;
    }
}
