package io.fedstream.api;

import java.util.List;

/**
 * A name that names several objects: two workloads of the same name and kind in different API groups share Karmada's
 * binding name {@code <name>-<kind>}; the answer lists their workload keys, by which each can be asked for.
 */
final class AmbiguousNameException extends RuntimeException {

    private final String name;
    private final List<String> workloadKeys;

    AmbiguousNameException(String what, String name, List<String> workloadKeys) {
        super(what + " \"" + name + "\" names " + workloadKeys.size() + " workloads (" + String.join(", ", workloadKeys)
                + "); ask for one by workload key under /apis/workloads/");
        this.name = name;
        this.workloadKeys = List.copyOf(workloadKeys);
    }

    String name() {
        return name;
    }

    List<String> workloadKeys() {
        return workloadKeys;
    }
}
