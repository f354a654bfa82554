package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** How the API reads the objects of one kind: a list one page at a time, one object by name. */
interface ObjectReader {

    /**
     * Offers the objects of {@code scope}, in key order from {@code from} on, to {@code page} until it is full; returns
     * where the next page starts, empty when the list is complete.
     */
    Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page);

    /** The object {@code scope} names; empty when there is none. */
    Optional<ObjectNode> get(Scope scope);
}
