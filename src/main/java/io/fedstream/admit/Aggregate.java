package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import java.util.Objects;

/**
 * A running total over admitted workloads: how many contribute, their pods, and the resources those pods
 * request. Kept incrementally: each admission adds the new version's contribution and subtracts the old one's.
 */
public record Aggregate(long workloads, long replicas, Resources resources) {

    public static final Aggregate NONE = new Aggregate(0, 0, Resources.NONE);

    public Aggregate {
        resources = Objects.requireNonNull(resources, "resources").withoutZeros();
        if (workloads < 0 || replicas < 0) {
            throw new IllegalArgumentException("aggregate counts must not be negative: workloads " + workloads + ", replicas " + replicas);
        }
    }

    /** One workload's contribution. */
    public static Aggregate of(long replicas, Resources resources) {
        return new Aggregate(1, replicas, resources);
    }

    public Aggregate plus(Aggregate other) {
        return new Aggregate(Math.addExact(workloads, other.workloads), Math.addExact(replicas, other.replicas),
                Amounts.plus(resources, other.resources));
    }

    /** The difference, exact; a contribution that was never added makes a count negative and throws. */
    public Aggregate minus(Aggregate other) {
        return new Aggregate(Math.subtractExact(workloads, other.workloads), Math.subtractExact(replicas, other.replicas),
                Amounts.minus(resources, other.resources));
    }

    public boolean isEmpty() {
        return workloads == 0 && replicas == 0 && resources.isEmpty();
    }
}
