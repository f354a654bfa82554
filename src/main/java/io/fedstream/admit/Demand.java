package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.Objects;

/**
 * What one version of a workload asks for, as its binding states it: the requests total
 * (sum over components), the limits total (may be empty until bindings carry limits), the
 * total replica count, and the placement (null while unplaced).
 */
public record Demand(Resources requests, Resources limits, long pods, Placement placement) {

    public Demand {
        Objects.requireNonNull(requests, "requests");
        limits = limits == null ? Resources.NONE : limits;
        if (pods < 0) {
            throw new IllegalArgumentException("pods must not be negative: " + pods);
        }
    }
}
