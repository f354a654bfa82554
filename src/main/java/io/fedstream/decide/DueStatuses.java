package io.fedstream.decide;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The namespaces whose quota statuses the admit task writes at its next punctuation: those that saw a decision or a
 * quota change since the last one, or, once after the task starts, every namespace with a quota.
 */
final class DueStatuses {

    private final Set<String> namespaces = new TreeSet<>();
    private boolean everyNamespace;

    void add(String namespace) {
        namespaces.add(namespace);
    }

    void addEveryNamespace() {
        everyNamespace = true;
    }

    /** The due namespaces, sorted, and none due afterwards; {@code withQuotas} is asked only when every namespace is due. */
    Set<String> take(Supplier<Set<String>> withQuotas) {
        Set<String> due = new TreeSet<>(namespaces);
        if (everyNamespace) {
            due.addAll(withQuotas.get());
        }
        namespaces.clear();
        everyNamespace = false;
        return due;
    }
}
