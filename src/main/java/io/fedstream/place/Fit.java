package io.fedstream.place;

import io.fedstream.interpret.Resources;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a workload's components fit a cluster. The cluster is one pool (fedstream sees
 * cluster-level allocatable, not nodes, as Karmada's general estimator does): placing every
 * pod of every component one after the other into {@code free = allocatable - allocated -
 * reserved} succeeds exactly when, for every resource, the sum over components of
 * {@code replicas x per-pod request} is at most free. A resource a pod asks for but the cluster
 * does not report as allocatable does not fit; a request of 0 (or none) needs nothing. When the
 * cluster reports {@code pods}, every pod also takes one pod slot. Arithmetic is exact
 * (BigInteger), so no amount can overflow into a false fit.
 */
public final class Fit {

    private static final String PODS = "pods";
    private static final BigInteger ONE_POD = BigInteger.valueOf(1000); // pods are counted in milli-units
    private static final List<String> DEFAULT_SCORE_RESOURCES = List.of("cpu", "memory");

    private Fit() {}

    /** One resource the cluster lacks: what the workload needs, what is free, and whether the cluster has it at all. */
    public record Shortage(String resource, BigInteger needed, BigInteger free, boolean allocatable) {

        public BigInteger shortBy() {
            return needed.subtract(free.max(BigInteger.ZERO));
        }

        /** E.g. {@code cpu short by 500m (needs 4500m, free 4)}. */
        public String message() {
            if (!allocatable) {
                return resource + " is not allocatable in the cluster (needs " + quantity(resource, needed) + ")";
            }
            return resource + " short by " + quantity(resource, shortBy())
                    + " (needs " + quantity(resource, needed) + ", free " + quantity(resource, free) + ")";
        }
    }

    /**
     * The outcome for one cluster: the shortages (none when the workload fits) and the headroom,
     * the smallest share of the cluster's free room (allocatable - allocated) left after placement over the resources the workload
     * requests (cpu and memory when it requests none); headroom orders fitting clusters.
     */
    public record Verdict(List<Shortage> shortages, BigDecimal headroom) {

        public Verdict {
            shortages = List.copyOf(shortages);
        }

        public boolean fits() {
            return shortages.isEmpty();
        }
    }

    /** The exact total demand per resource of all the pods of all the components; requests of 0 or less are left out. */
    public static Map<String, BigInteger> demand(List<ComponentDemand> components, boolean countPods) {
        Map<String, BigInteger> total = new TreeMap<>();
        for (ComponentDemand component : components) {
            BigInteger replicas = BigInteger.valueOf(component.replicas());
            if (replicas.signum() == 0) {
                continue;
            }
            component.perPod().forEach((resource, amount) -> {
                if (amount > 0) {
                    total.merge(resource, replicas.multiply(BigInteger.valueOf(amount)), BigInteger::add);
                }
            });
            if (countPods) {
                total.merge(PODS, replicas.multiply(ONE_POD), BigInteger::add);
            }
        }
        return total;
    }

    /** Whether the components fit the cluster's free resources, and how much headroom they leave. */
    public static Verdict check(List<ComponentDemand> components, ClusterCapacity cluster) {
        Resources allocatable = cluster.allocatable();
        Map<String, BigInteger> demand = demand(components, allocatable.has(PODS));
        List<Shortage> shortages = new ArrayList<>();
        BigDecimal headroom = null;
        for (Map.Entry<String, BigInteger> entry : demand.entrySet()) {
            String resource = entry.getKey();
            BigInteger needed = entry.getValue();
            if (!allocatable.has(resource)) {
                shortages.add(new Shortage(resource, needed, BigInteger.ZERO, false));
                continue;
            }
            BigInteger free = free(cluster, resource);
            if (needed.compareTo(free) > 0) {
                shortages.add(new Shortage(resource, needed, free, true));
            } else {
                headroom = min(headroom, share(free.subtract(needed), room(cluster, resource)));
            }
        }
        if (!shortages.isEmpty()) {
            return new Verdict(shortages, BigDecimal.ZERO);
        }
        if (headroom == null) {
            for (String resource : DEFAULT_SCORE_RESOURCES) {
                if (allocatable.has(resource)) {
                    headroom = min(headroom, share(free(cluster, resource), room(cluster, resource)));
                }
            }
        }
        return new Verdict(List.of(), headroom == null ? BigDecimal.ZERO : headroom);
    }

    /**
     * The most pods of each component that the cluster's free room holds, components taken in order (each as many as fit
     * beside those of the components before it): the part of a share placed beyond its room that can be held there.
     */
    public static Map<String, Long> largestPart(List<ComponentDemand> components, ClusterCapacity cluster) {
        Map<String, Long> part = new java.util.LinkedHashMap<>();
        List<ComponentDemand> placed = new ArrayList<>();
        for (ComponentDemand component : components) {
            long low = 0;
            long high = component.replicas();
            while (low < high) {
                long middle = low + (high - low + 1) / 2;
                List<ComponentDemand> trial = new ArrayList<>(placed);
                trial.add(new ComponentDemand(component.name(), middle, component.perPod()));
                if (check(trial, cluster).fits()) {
                    low = middle;
                } else {
                    high = middle - 1;
                }
            }
            placed.add(new ComponentDemand(component.name(), low, component.perPod()));
            part.put(component.name(), low);
        }
        return part;
    }

    /** allocatable - allocated - reserved, exact; may be negative when a cluster is over-committed. */
    static BigInteger free(ClusterCapacity cluster, String resource) {
        return BigInteger.valueOf(cluster.allocatable().get(resource))
                .subtract(BigInteger.valueOf(cluster.allocated().get(resource)))
                .subtract(BigInteger.valueOf(cluster.reserved().get(resource)));
    }

    /**
     * allocatable - allocated: the room the cluster itself reports free. Headroom is a share of this, not of
     * allocatable, so that a burst fills each cluster in proportion to its free room: against allocatable, a large
     * cluster that is half used ranks below a small empty one until the small one is far fuller than its share.
     */
    private static BigInteger room(ClusterCapacity cluster, String resource) {
        return BigInteger.valueOf(cluster.allocatable().get(resource)).subtract(BigInteger.valueOf(cluster.allocated().get(resource)));
    }

    private static BigDecimal share(BigInteger left, BigInteger room) {
        if (room.signum() <= 0) {
            return BigDecimal.ZERO;
        }
        return new BigDecimal(left).divide(new BigDecimal(room), MathContext.DECIMAL64);
    }

    private static BigDecimal min(BigDecimal a, BigDecimal b) {
        return a == null ? b : a.min(b);
    }

    private static String quantity(String resource, BigInteger amount) {
        if (amount.bitLength() <= 63) {
            return Resources.of(Map.of(resource, amount.longValue())).toQuantities().get(Resources.normalizeName(resource));
        }
        return amount + (Resources.isByteResource(resource) ? " bytes" : " milli-units");
    }
}
