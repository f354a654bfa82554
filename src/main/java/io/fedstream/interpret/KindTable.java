package io.fedstream.interpret;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in kind interpreters by kind, then apiVersion, each with the name interpretations
 * report, found without building the {@code apiVersion/kind} id of every manifest.
 */
final class KindTable {

    /** One apiVersion and kind's interpreter and the name it reports for them. */
    record Entry(KindInterpreter interpreter, String name) {}

    private final Map<String, Map<String, Entry>> byKindThenVersion;

    /** The table of these interpreters; two claiming the same apiVersion and kind is a bug. */
    KindTable(List<KindInterpreter> interpreters) {
        Map<String, Map<String, Entry>> table = new HashMap<>();
        for (KindInterpreter interpreter : interpreters) {
            for (KindRef kind : interpreter.kinds()) {
                Entry entry = new Entry(interpreter, interpreter.name(kind));
                if (table.computeIfAbsent(kind.kind(), k -> new HashMap<>()).putIfAbsent(kind.apiVersion(), entry) != null) {
                    throw new IllegalStateException("two interpreters claim " + kind.id());
                }
            }
        }
        Map<String, Map<String, Entry>> frozen = new HashMap<>();
        table.forEach((kind, versions) -> frozen.put(kind, Map.copyOf(versions)));
        this.byKindThenVersion = Map.copyOf(frozen);
    }

    /** The entry of an apiVersion and kind, or null when no built-in interpreter handles them. */
    Entry get(String apiVersion, String kind) {
        Map<String, Entry> versions = byKindThenVersion.get(kind);
        return versions == null ? null : versions.get(apiVersion);
    }
}
