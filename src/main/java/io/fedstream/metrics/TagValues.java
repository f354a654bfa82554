package io.fedstream.metrics;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps a tag low-cardinality: the first {@code limit} distinct values pass, later new ones become {@value #OTHER},
 * so that a fleet of odd kinds or a stream of invalid manifests cannot grow the registry without bound.
 */
final class TagValues {

    static final String OTHER = "other";

    private final int limit;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    TagValues(int limit) {
        this.limit = limit;
    }

    String admit(String value) {
        String given = value == null || value.isEmpty() ? "none" : value;
        if (seen.contains(given)) {
            return given;
        }
        // Racing callers may pass the limit by a few values; the bound is what matters, not its exactness.
        if (seen.size() >= limit) {
            return OTHER;
        }
        seen.add(given);
        return given;
    }
}
