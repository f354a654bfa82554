package io.fedstream.failover;

import io.fedstream.health.CarriedTaints;
import io.fedstream.place.ClusterTaint;
import io.fedstream.place.Toleration;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * When a workload must leave a tainted cluster, by the rule of Karmada's taint manager
 * ({@code pkg/controllers/cluster/taint_manager.go}, {@code needEviction}, with {@code GetMatchingTolerations} and
 * {@code GetMinTolerationTime} of {@code pkg/util/helper/taint.go}): only NoExecute taints count; each taint is
 * tolerated by the first of the policy's {@code clusterTolerations} that tolerates it; a used toleration with
 * {@code tolerationSeconds} ends at the time added of every taint it tolerates plus its seconds, one without
 * tolerates forever; a taint no toleration tolerates ends at once ({@code needEviction}: not all tolerated, evict now),
 * except fedstream's own {@code cluster.karmada.io/not-ready} and {@code unreachable} taints, which end at their time
 * added plus the default toleration (the NoExecute tolerations Karmada's webhook added to every policy up to v1.14,
 * {@code helper.NewNotReadyToleration} and {@code NewUnreachableToleration} of 300 s in
 * {@code pkg/webhook/propagationpolicy/mutating.go}, as Kubernetes' DefaultTolerationSeconds does for pods). The
 * eviction time is the earliest of these ends.
 */
public final class TaintEviction {

    /** A taint the cluster carries and when it was added. */
    public record Carried(ClusterTaint taint, Instant timeAdded) {

        public Carried {
            Objects.requireNonNull(taint, "taint");
            Objects.requireNonNull(timeAdded, "timeAdded");
        }
    }

    private final Duration defaultToleration;

    /**
     * {@code defaultToleration}: how long a not-ready or unreachable taint that no toleration tolerates is tolerated
     * (health.toleration.ms); any other NoExecute taint no toleration tolerates evicts at once.
     */
    public TaintEviction(Duration defaultToleration) {
        if (defaultToleration.isNegative()) {
            throw new IllegalArgumentException("defaultToleration must not be negative (value: " + defaultToleration + ")");
        }
        this.defaultToleration = defaultToleration;
    }

    /** When a workload with these tolerations must leave a cluster that carries these taints; empty: never, for these taints. */
    public Optional<Instant> evictionTime(List<Carried> taints, List<Toleration> tolerations) {
        List<Carried> noExecute = taints.stream().filter(carried -> carried.taint().effect() == ClusterTaint.Effect.NoExecute).toList();
        List<Instant> ends = new ArrayList<>();
        List<Toleration> used = new ArrayList<>();
        for (Carried carried : noExecute) {
            Optional<Toleration> first = tolerations.stream().filter(toleration -> toleration.tolerates(carried.taint())).findFirst();
            if (first.isEmpty()) {
                ends.add(isUnhealthyClusterTaint(carried.taint()) ? carried.timeAdded().plus(defaultToleration) : carried.timeAdded());
            } else if (!used.contains(first.get())) {
                used.add(first.get());
            }
        }
        // As GetMinTolerationTime: a used toleration's seconds count against every NoExecute taint it tolerates.
        for (Toleration toleration : used) {
            if (toleration.tolerationSeconds() == null) {
                continue;
            }
            for (Carried carried : noExecute) {
                if (toleration.tolerates(carried.taint())) {
                    ends.add(carried.timeAdded().plusSeconds(Math.max(0, toleration.tolerationSeconds())));
                }
            }
        }
        return ends.stream().min(Instant::compareTo);
    }

    private static boolean isUnhealthyClusterTaint(ClusterTaint taint) {
        return CarriedTaints.NOT_READY.equals(taint.key()) || CarriedTaints.UNREACHABLE.equals(taint.key());
    }
}
