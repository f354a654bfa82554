package io.fedstream.api;

import java.util.Optional;

/**
 * What a list or a get reads: one namespace or every one (always every one for a cluster-scoped kind), and one name
 * when a get asks for it or a field selector names it.
 */
record Scope(Optional<String> namespace, Optional<String> name) {

    static Scope everywhere() {
        return new Scope(Optional.empty(), Optional.empty());
    }

    static Scope namespace(String namespace) {
        return new Scope(Optional.of(namespace), Optional.empty());
    }

    Scope named(Optional<String> name) {
        return new Scope(namespace, name);
    }
}
