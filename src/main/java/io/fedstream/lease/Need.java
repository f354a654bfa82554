package io.fedstream.lease;

import io.fedstream.interpret.Resources;
import java.util.Objects;

/**
 * What a task's workloads waiting for one cluster need there: all of them together, and the first of them (the one
 * placed first when room comes), in the units of {@code Fit.demand} (pods counted when the cluster reports pods).
 */
public record Need(Resources total, Resources first) {

    public static final Need NONE = new Need(Resources.NONE, Resources.NONE);

    public Need {
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(first, "first");
        total = Room.positive(total);
        first = Room.min(Room.positive(first), total);
    }

    /** Nothing waits when nothing is needed. */
    public boolean isNone() {
        return Room.none(total);
    }
}
