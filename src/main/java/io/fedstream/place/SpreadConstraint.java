package io.fedstream.place;

import java.util.Objects;

/**
 * One {@code placement.spreadConstraints} entry (Karmada {@code SpreadConstraint}), with Karmada's defaults applied:
 * grouped by {@code cluster}, {@code region}, {@code zone}, {@code provider} or a cluster label ({@code label} names the
 * key); at least {@code minGroups} (default 1) and at most {@code maxGroups} groups, where 0 means no upper bound.
 */
public record SpreadConstraint(SpreadBy by, String label, int minGroups, int maxGroups) {

    /** What clusters are grouped by: one of Karmada's {@code spreadByField} values, or {@code spreadByLabel}. */
    public enum SpreadBy {
        cluster, region, zone, provider, label;

        /** True for the fields that group several clusters together (every field but {@code cluster}). */
        public boolean isTopology() {
            return this != cluster;
        }
    }

    public SpreadConstraint {
        Objects.requireNonNull(by, "by");
        if ((by == SpreadBy.label) != (label != null)) {
            throw new IllegalArgumentException("a label key is given exactly when spreading by label");
        }
    }

    /** The upper bound as a number of groups out of {@code available}: maxGroups, or all of them when unbounded. */
    public int maxOf(int available) {
        return maxGroups == 0 ? available : Math.min(maxGroups, available);
    }
}
