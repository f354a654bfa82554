package io.fedstream.api;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Matches GET paths against templates such as {@code /apis/resourcebindings/{namespace}/{name}}, segment by segment. */
final class Router {

    /** What a route does with a matched request. */
    @FunctionalInterface
    interface Handler {
        Reply handle(ApiRequest request);
    }

    private record Route(String[] segments, Handler handler) {}

    /** A route that matched and the path variables it bound. */
    record Match(Handler handler, Map<String, String> variables) {}

    private final List<Route> routes = new ArrayList<>();

    /** Adds a route; more specific templates must not be shadowed, so the first match wins. */
    Router get(String template, Handler handler) {
        routes.add(new Route(split(template), handler));
        return this;
    }

    /** Matches a raw (still percent-encoded) path; each segment is decoded after splitting, so %2F stays in its segment. */
    Optional<Match> match(String rawPath) {
        String[] given = split(rawPath);
        for (int i = 0; i < given.length; i++) {
            given[i] = URLDecoder.decode(given[i].replace("+", "%2B"), StandardCharsets.UTF_8);
        }
        for (Route route : routes) {
            if (route.segments.length != given.length) {
                continue;
            }
            Map<String, String> variables = new LinkedHashMap<>();
            boolean matches = true;
            for (int i = 0; i < given.length && matches; i++) {
                String expected = route.segments[i];
                if (expected.startsWith("{") && expected.endsWith("}")) {
                    matches = !given[i].isEmpty();
                    variables.put(expected.substring(1, expected.length() - 1), given[i]);
                } else {
                    matches = expected.equals(given[i]);
                }
            }
            if (matches) {
                return Optional.of(new Match(route.handler, variables));
            }
        }
        return Optional.empty();
    }

    private static String[] split(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.split("/", -1);
    }
}
