package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import java.util.Objects;

/** What the admitted workloads of one namespace run on one cluster; a cluster's total is the sum of its shares. */
public record ClusterShare(String cluster, String namespace, Aggregate aggregate) {

    public ClusterShare {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(aggregate, "aggregate");
    }
}
