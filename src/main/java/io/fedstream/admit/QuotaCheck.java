package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decides whether replacing a workload's charge fits the quotas of its namespace. Only
 * increases are checked, as Kubernetes' quota admission does: a change that lowers a
 * resource always passes for it, even when a shrunk quota leaves the namespace above hard.
 */
final class QuotaCheck {

    private QuotaCheck() {}

    /** Every key of every quota (overall, then static assignments) that {@code old -> now} would push beyond hard. */
    static List<Violation> violations(List<FederatedResourceQuota> quotas, NamespaceUsage usage, Charge old, Charge now) {
        List<Violation> out = new ArrayList<>();
        for (FederatedResourceQuota quota : quotas) {
            check(quota.key(), null, quota.overall(), usage.overall(), old.overall(), now.overall(), out);
            for (FederatedResourceQuota.StaticAssignment a : quota.staticAssignments()) {
                String cluster = a.clusterName();
                check(quota.key(), cluster, a.hard(), usage.cluster(cluster), old.cluster(cluster), now.cluster(cluster), out);
            }
        }
        return out;
    }

    private static void check(
            String quota, String cluster, Resources hard, Resources used, Resources old, Resources now, List<Violation> out) {
        for (Map.Entry<String, Long> limit : hard.amounts().entrySet()) {
            String key = limit.getKey();
            long delta = Math.subtractExact(now.get(key), old.get(key));
            long usedNow = used.get(key);
            // hard and used are never negative, so hard - used cannot overflow where used + delta could.
            if (delta > 0 && delta > limit.getValue() - usedNow) {
                out.add(new Violation(quota, cluster, key, limit.getValue(), usedNow, delta));
            }
        }
    }

    /** True when {@code old -> now} lowers some amount, overall or on a cluster, so a queued workload may fit now. */
    static boolean frees(Charge old, Charge now) {
        if (lowers(old.overall(), now.overall())) {
            return true;
        }
        for (Map.Entry<String, Resources> cluster : old.clusters().entrySet()) {
            if (lowers(cluster.getValue(), now.cluster(cluster.getKey()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean lowers(Resources old, Resources now) {
        for (Map.Entry<String, Long> amount : old.amounts().entrySet()) {
            if (now.get(amount.getKey()) < amount.getValue()) {
                return true;
            }
        }
        return false;
    }
}
