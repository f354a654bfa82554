package io.fedstream.admit;

import io.fedstream.avro.ChargeRecord;
import io.fedstream.avro.ClusterAmounts;
import io.fedstream.avro.ResourceAmount;
import io.fedstream.interpret.Resources;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/** Maps the ledger's amounts (Resources, per-cluster amounts, charges) to their Avro records and back, keeping them sorted. */
final class AmountRecords {

    private AmountRecords() {}

    static List<ResourceAmount> amounts(Resources resources) {
        List<ResourceAmount> out = new ArrayList<>(4);
        resources.forEach((resource, units) -> out.add(new ResourceAmount(resource, units)));
        return out;
    }

    /**
     * The amounts of a record; {@code field} names them in an error. Refuses an unsorted or repeated resource rather
     * than sorting or summing it: the writer never makes one, and equal values must have one encoding.
     */
    static Resources resources(String field, List<ResourceAmount> amounts) {
        Resources.Builder out = new Resources.Builder(amounts.size());
        String previous = null;
        for (ResourceAmount amount : amounts) {
            String resource = amount.getResource();
            if (previous != null && previous.compareTo(resource) >= 0) {
                throw new IllegalArgumentException(field + ": resource '" + resource + "' after '" + previous
                        + "' (amounts must be sorted by resource, each resource once)");
            }
            out.add(resource, amount.getUnits());
            previous = resource;
        }
        return out.build();
    }

    static ClusterAmounts cluster(String cluster, Resources amounts) {
        return new ClusterAmounts(cluster, amounts(amounts));
    }

    static List<ClusterAmounts> clusters(SortedMap<String, Resources> clusters) {
        List<ClusterAmounts> out = new ArrayList<>(clusters.size());
        clusters.forEach((cluster, amounts) -> out.add(cluster(cluster, amounts)));
        return out;
    }

    /** Per-cluster amounts of a record, which must be sorted by cluster, each cluster once; {@code field} names them in an error. */
    static SortedMap<String, Resources> clusters(String field, List<ClusterAmounts> clusters) {
        if (clusters.isEmpty()) {
            return Collections.emptySortedMap();
        }
        TreeMap<String, Resources> out = new TreeMap<>();
        String previous = null;
        for (ClusterAmounts c : clusters) {
            String cluster = c.getCluster();
            if (previous != null && previous.compareTo(cluster) >= 0) {
                throw new IllegalArgumentException(field + ": cluster '" + cluster + "' after '" + previous
                        + "' (clusters must be sorted, each cluster once)");
            }
            out.put(cluster, resources(field + "[" + cluster + "].amounts", c.getAmounts()));
            previous = cluster;
        }
        return out;
    }

    static ChargeRecord charge(Charge charge) {
        return new ChargeRecord(amounts(charge.overall()), clusters(charge.clusters()));
    }

    static Charge charge(String field, ChargeRecord record) {
        return new Charge(resources(field + ".overall", record.getOverall()), clusters(field + ".clusters", record.getClusters()));
    }
}
