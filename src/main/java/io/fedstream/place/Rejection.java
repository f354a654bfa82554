package io.fedstream.place;

import java.util.List;

/**
 * Why one cluster was not a candidate: the affinity group it was considered in (null without
 * {@code clusterAffinities}), the reason, a human-readable detail, and the causes as Karmada's scheduler counts them
 * in "0/3 clusters are available: ..." ({@code pkg/scheduler/framework/plugins}).
 */
public record Rejection(String group, String cluster, Reason reason, String detail, List<String> causes) {

    /** The reasons, in the order they are checked. */
    public enum Reason { NOT_IN_AFFINITY, AVOIDED, NOT_READY, UNTOLERATED_TAINT, API_NOT_SERVED, INSUFFICIENT_RESOURCES }

    public Rejection {
        causes = List.copyOf(causes);
    }

    static Rejection notInAffinity(String group, String cluster, String detail) {
        return new Rejection(group, cluster, Reason.NOT_IN_AFFINITY, detail,
                List.of("cluster(s) did not match the placement cluster affinity constraint"));
    }

    static Rejection avoided(String group, String cluster) {
        return new Rejection(group, cluster, Reason.AVOIDED, "is to be avoided (just left or unhealthy)",
                List.of("cluster(s) were just left or are unhealthy"));
    }

    static Rejection notReady(String group, String cluster, String because) {
        return new Rejection(group, cluster, Reason.NOT_READY, because == null ? "is not Ready" : "is not Ready: " + because,
                List.of("cluster(s) were not Ready"));
    }

    static Rejection untoleratedTaint(String group, String cluster, ClusterTaint taint) {
        return new Rejection(group, cluster, Reason.UNTOLERATED_TAINT, "has taint " + taint + " and the policy does not tolerate it",
                List.of("cluster(s) had untolerated taint {" + taint + "}"));
    }

    /** Karmada's APIEnablement filter: the cluster does not serve the workload's apiVersion and kind. */
    static Rejection apiNotServed(String group, String cluster, String kind) {
        return new Rejection(group, cluster, Reason.API_NOT_SERVED, "does not serve " + kind,
                List.of("cluster(s) did not have the API resource"));
    }

    /** One cause per short resource, as Kubernetes' scheduler says "Insufficient cpu". */
    static Rejection insufficient(String group, String cluster, List<Fit.Shortage> shortages) {
        return new Rejection(group, cluster, Reason.INSUFFICIENT_RESOURCES,
                String.join("; ", shortages.stream().map(Fit.Shortage::message).toList()),
                shortages.stream().map(s -> s.allocatable() ? "cluster(s) had insufficient " + s.resource()
                        : "cluster(s) did not report " + s.resource() + " as allocatable").toList());
    }

    /** E.g. {@code member2: INSUFFICIENT_RESOURCES: cpu short by 500m (needs 4500m, free 4)}. */
    public String message() {
        return (group == null ? "" : "[" + group + "] ") + cluster + ": " + reason + ": " + detail;
    }
}
