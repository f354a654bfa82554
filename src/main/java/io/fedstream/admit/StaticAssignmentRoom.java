package io.fedstream.admit;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Which clusters' static assignments ({@code spec.staticAssignments}) cannot hold one more copy of a workload next to
 * what its namespace already runs there: the clusters a scheduler should try last, since a placement there would only
 * wait in the quota queue (docs/placement.md, "Static assignments").
 */
public final class StaticAssignmentRoom {

    private StaticAssignmentRoom() {}

    /**
     * The clusters, in name order, that have a static assignment in {@code quotas} whose hard limit the copy
     * {@code copyOn.apply(cluster)} (charged on that cluster alone) would exceed, given {@code usage}. Only the
     * assignment of that cluster counts: whether the overall limits hold does not depend on where the copy runs.
     */
    public static List<String> full(List<FederatedResourceQuota> quotas, NamespaceUsage usage, Function<String, Charge> copyOn) {
        TreeSet<String> assigned = new TreeSet<>();
        for (FederatedResourceQuota quota : quotas) {
            quota.staticAssignments().forEach(a -> assigned.add(a.clusterName()));
        }
        List<String> full = new ArrayList<>();
        for (String cluster : assigned) {
            boolean exceeds = QuotaCheck.violations(quotas, usage, Charge.NONE, copyOn.apply(cluster)).stream()
                    .anyMatch(v -> cluster.equals(v.cluster()));
            if (exceeds) {
                full.add(cluster);
            }
        }
        return full;
    }
}
