package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Pages a collection that a reader builds whole, because its store computes it so (a namespace's quotas with their
 * status) or holds it whole on every instance (the policies): small by nature, keyed and sorted, and resumed after the
 * last key a page showed.
 */
final class WholeCollection {

    private WholeCollection() {}

    static Optional<Continue> page(SortedMap<String, ObjectNode> objects, Optional<Continue> from, ListPage page) {
        String after = from.map(Continue::after).orElse(null);
        page.resumeAfter(after);
        SortedMap<String, ObjectNode> rest = after == null ? objects : objects.tailMap(after);
        for (Map.Entry<String, ObjectNode> entry : rest.entrySet()) {
            if (entry.getKey().equals(after)) {
                continue;
            }
            if (page.full()) {
                return Optional.of(new Continue(Continue.UNPARTITIONED, page.lastKey()));
            }
            page.offer(entry.getKey(), entry.getValue());
        }
        return Optional.empty();
    }
}
