package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What admitting one workload version costs the quotas of its namespace: amounts per quota
 * key overall, and per placed cluster for static assignments. Zero amounts and empty clusters
 * are left out, so equal charges are equal values.
 *
 * <p>Rules ({@code docs/admission.md}): requests keys from the requests total, {@code limits.*}
 * from the limits total, {@code pods} = total replicas. DUPLICATED: each placed cluster runs
 * a full copy, so overall is the charge times the number of clusters and each cluster carries
 * the full charge. DIVIDED: overall is charged once and split over the clusters by their
 * replica counts (largest remainder, exact). Unplaced: charged once overall, no cluster. A copy (DUPLICATED) or share
 * (DIVIDED, {@link DividedShare}) whose cluster's override policies change it, or a share listed per component
 * ({@link ComponentShares}), is charged for that demand, and overall is then the sum of the clusters.
 */
public record Charge(Resources overall, SortedMap<String, Resources> clusters) {

    public static final Charge NONE = new Charge(Resources.NONE, Collections.emptySortedMap());

    /** One pod counts as 1000 units, as every non-byte resource is counted in milli-units. */
    private static final long POD_UNITS = 1000;

    public Charge {
        overall = Objects.requireNonNull(overall, "overall").withoutZeros();
        clusters = Amounts.clusters(clusters == null ? Map.of() : clusters);
    }

    public static Charge of(Demand demand) {
        Resources once = chargeable(demand);
        Placement placement = demand.placement();
        if (placement == null || placement.clusters().isEmpty()) {
            return new Charge(once, Collections.emptySortedMap());
        }
        Map<String, Long> weights = new LinkedHashMap<>();
        for (Placement.Target target : placement.clusters()) {
            weights.merge(target.cluster(), target.replicas() == null ? -1 : target.replicas(), (a, b) -> a < 0 || b < 0 ? -1 : a + b);
        }
        if (placement.scheduling() == Placement.Scheduling.DUPLICATED) {
            TreeMap<String, Resources> clusters = new TreeMap<>();
            weights.keySet().forEach(cluster -> clusters.put(cluster, once));
            return overridden(placement, clusters, once.times(clusters.size()));
        }
        return overridden(placement, new TreeMap<>(divided(once, weights)), once);
    }

    /**
     * The charge with each overridden cluster charged for what runs there (its copy, or its share when DIVIDED), and
     * overall then the sum of the clusters (docs/overrides.md); {@code plain} overall when no override changes a cluster.
     */
    private static Charge overridden(Placement placement, TreeMap<String, Resources> clusters, Resources plain) {
        boolean overridden = false;
        for (Placement.Target target : placement.clusters()) {
            if (target.overridden() != null) {
                clusters.put(target.cluster(), chargeable(target.overridden()));
                overridden = true;
            }
        }
        if (!overridden) {
            return new Charge(plain, clusters);
        }
        Resources overall = Resources.NONE;
        for (Resources share : clusters.values()) {
            overall = overall.plus(share);
        }
        return new Charge(overall, clusters);
    }

    /** The amount charged to one cluster; NONE when the workload runs nothing there. */
    public Resources cluster(String name) {
        return clusters.getOrDefault(name, Resources.NONE);
    }

    /** The quota-relevant amounts of one copy of the workload. */
    private static Resources chargeable(Demand demand) {
        TreeMap<String, Long> out = new TreeMap<>();
        demand.requests().forEach((name, amount) -> {
            if (name.equals(QuotaKeys.canonical(name)) && !name.startsWith("limits.") && !name.equals(QuotaKeys.PODS)) {
                out.put(name, amount);
            }
        });
        demand.limits().forEach((name, amount) -> {
            String key = name.startsWith("limits.") ? name : "limits." + name;
            if (key.equals(QuotaKeys.canonical(key))) {
                out.merge(key, amount, Math::addExact);
            }
        });
        if (demand.pods() > 0) {
            out.put(QuotaKeys.PODS, Math.multiplyExact(demand.pods(), POD_UNITS));
        }
        return Resources.of(out);
    }

    /**
     * Splits the charge by the clusters' replica counts. A placement that leaves a count out,
     * or whose counts are all 0, is split evenly: charging a cluster nothing would let its
     * static assignment be overrun.
     */
    private static SortedMap<String, Resources> divided(Resources once, Map<String, Long> weightsByCluster) {
        String[] names = weightsByCluster.keySet().toArray(String[]::new);
        long[] weights = ProportionalSplit.orEven(weightsByCluster.values().stream().mapToLong(Long::longValue).toArray());
        TreeMap<String, TreeMap<String, Long>> shares = new TreeMap<>();
        for (String name : names) {
            shares.put(name, new TreeMap<>());
        }
        once.amounts().forEach((resource, amount) -> {
            long[] split = ProportionalSplit.split(amount, weights);
            for (int i = 0; i < names.length; i++) {
                shares.get(names[i]).put(resource, split[i]);
            }
        });
        TreeMap<String, Resources> out = new TreeMap<>();
        shares.forEach((cluster, amounts) -> out.put(cluster, Resources.of(amounts)));
        return out;
    }
}
