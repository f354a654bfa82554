package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * Whether an update would change a copy, as Karmada's object watcher asks before sending one
 * ({@code pkg/util/objectwatcher/objectwatcher.go} {@code resourceDeepEqual}): the body of the update and the copy are
 * compared with what the API server writes pruned from both ({@link Pruning}). Numbers compare by value (a count read
 * from YAML and one written back are the same number), and a field set to null is the same as one left out, since the
 * API server drops it.
 */
final class SameContent {

    private SameContent() {}

    static boolean of(ObjectNode body, JsonNode live) {
        ObjectNode sent = body.deepCopy();
        ObjectNode found = live.deepCopy();
        Pruning.prune(sent);
        Pruning.prune(found);
        return equal(sent, found);
    }

    private static boolean equal(JsonNode a, JsonNode b) {
        if (absent(a) || absent(b)) {
            return absent(a) && absent(b);
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            Set<String> names = new HashSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!equal(a.get(name), b.get(name))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<JsonNode> left = a.elements(), right = b.elements(); left.hasNext(); ) {
                if (!equal(left.next(), right.next())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static boolean absent(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }
}
