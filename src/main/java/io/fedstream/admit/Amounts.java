package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Exact arithmetic on {@link Resources} that the ledger needs beyond plus and times, keeping values canonical. */
final class Amounts {

    private Amounts() {}

    /** {@code a - b} per resource, exact; resources that come out 0 are left out. */
    static Resources minus(Resources a, Resources b) {
        return a.plus(b.times(-1)).withoutZeros();
    }

    /** {@code a + b} per resource, exact; resources that come out 0 are left out. */
    static Resources plus(Resources a, Resources b) {
        return a.plus(b).withoutZeros();
    }

    /** Per-cluster amounts without empty clusters, sorted and unmodifiable. */
    static SortedMap<String, Resources> clusters(Map<String, Resources> clusters) {
        TreeMap<String, Resources> kept = new TreeMap<>();
        clusters.forEach((cluster, amounts) -> {
            Resources r = amounts.withoutZeros();
            if (!r.isEmpty()) {
                kept.put(cluster, r);
            }
        });
        return Collections.unmodifiableSortedMap(kept);
    }

    /** {@code a ± b} per cluster; see {@link #plus}. */
    static SortedMap<String, Resources> clusters(Map<String, Resources> a, Map<String, Resources> b, int sign) {
        TreeMap<String, Resources> sum = new TreeMap<>(a);
        b.forEach((cluster, amounts) -> sum.merge(cluster, amounts.times(sign), Resources::plus));
        return clusters(sum);
    }

    /** The canonical Kubernetes quantity of one amount, e.g. 1500m or 2Gi. */
    static String quantity(String resource, long amount) {
        return Resources.of(Map.of(resource, amount)).toQuantities().get(resource);
    }
}
