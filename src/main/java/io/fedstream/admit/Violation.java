package io.fedstream.admit;

import java.util.Objects;

/**
 * One reason a workload version was rejected: admitting it would raise {@code resource} of
 * {@code quota} (namespace/name; on {@code cluster} for a static assignment, else null) by
 * {@code requested} from {@code used} beyond {@code hard}. Amounts in {@link io.fedstream.interpret.Resources} units.
 */
public record Violation(String quota, String cluster, String resource, long hard, long used, long requested) {

    public Violation {
        Objects.requireNonNull(quota, "quota");
        Objects.requireNonNull(resource, "resource");
    }

    /** Kubernetes' wording, e.g. {@code exceeded quota team-a/q: requested cpu=2, used cpu=9, limited cpu=10}. */
    public String message() {
        String where = cluster == null ? "" : " on cluster " + cluster;
        return "exceeded quota " + quota + where + ": requested " + resource + "=" + Amounts.quantity(resource, requested)
                + ", used " + resource + "=" + Amounts.quantity(resource, used)
                + ", limited " + resource + "=" + Amounts.quantity(resource, hard);
    }
}
