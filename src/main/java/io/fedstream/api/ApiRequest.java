package io.fedstream.api;

import java.util.Map;
import java.util.Optional;

/** One matched request: the route's path variables and the query parameters, decoded. */
record ApiRequest(Map<String, String> path, Map<String, String> query) {

    String path(String name) {
        return path.get(name);
    }

    Optional<String> query(String name) {
        return Optional.ofNullable(query.get(name)).filter(v -> !v.isEmpty());
    }
}
