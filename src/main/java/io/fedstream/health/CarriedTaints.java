package io.fedstream.health;

import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which taints a member cluster carries after a step of its watch, each with the time it was added, as Karmada keeps
 * them on a Cluster: every taint of its latest valid heartbeat (the Cluster's {@code spec.taints}), and, while the
 * cluster is unhealthy, {@code cluster.karmada.io/unreachable} (no heartbeats, or Ready Unknown) or
 * {@code cluster.karmada.io/not-ready} (Ready False) with effect NoExecute. Rules and sources: docs/health.md.
 */
public final class CarriedTaints {

    /** Karmada's {@code TaintClusterNotReady} (pkg/apis/cluster/v1alpha1/well_known_constants.go). */
    public static final String NOT_READY = "cluster.karmada.io/not-ready";
    /** Karmada's {@code TaintClusterUnreachable}: the cluster's Ready condition is Unknown, nobody has heard from it. */
    public static final String UNREACHABLE = "cluster.karmada.io/unreachable";
    public static final String NO_EXECUTE = "NoExecute";

    private static final Set<String> CONDITION_KEYS = Set.of(NOT_READY, UNREACHABLE);

    private CarriedTaints() {}

    /** Whether a taint key is one fedstream adds for the cluster's condition (not-ready, unreachable). */
    public static boolean isAddedByFedstream(String key) {
        return CONDITION_KEYS.contains(key);
    }

    /**
     * The taints after the step that left {@code watch}, given those carried {@code before} it: a taint carried
     * before (same key and effect, Kubernetes' {@code Taint.MatchTaint}) keeps its time, a new one is added at
     * {@code now}, one no longer called for is gone.
     */
    public static List<CarriedTaint> after(List<CarriedTaint> before, ClusterWatch watch, Instant now) {
        List<CarriedTaint> after = new ArrayList<>();
        ClusterHealthEvent heartbeat = watch.getHeartbeat();
        if (heartbeat != null) {
            for (Taint taint : heartbeat.getTaints()) {
                add(after, before, taint.getKey(), taint.getValue(), taint.getEffect(), now);
            }
        }
        String condition = conditionTaint(before, watch);
        if (condition != null) {
            add(after, before, condition, null, NO_EXECUTE, now);
        }
        return after;
    }

    /** The not-ready or unreachable taint the cluster's state calls for, by the reason it is unhealthy; null when none. */
    private static String conditionTaint(List<CarriedTaint> before, ClusterWatch watch) {
        return switch (watch.getState()) {
            case READY -> null;
            // Heart-beating healthily again, but Karmada holds Ready back for the success threshold: the taint stays.
            case RECOVERING -> before.stream().map(CarriedTaint::getKey).filter(CONDITION_KEYS::contains).findFirst().orElse(null);
            case SUSPECT, FAILED -> switch (watch.getReason()) {
                case Reasons.HEARTBEAT_MISSED, Reasons.READY_UNKNOWN -> UNREACHABLE;
                case Reasons.READY_FALSE -> NOT_READY;
                // The NoExecute taint outranks the Ready condition in the state's reason; the condition still counts.
                case Reasons.NO_EXECUTE_TAINT -> fromReadyCondition(watch.getHeartbeat());
                default -> null;
            };
        };
    }

    private static String fromReadyCondition(ClusterHealthEvent heartbeat) {
        if (heartbeat == null) {
            return null;
        }
        for (ClusterCondition condition : heartbeat.getConditions()) {
            if (HeartbeatVerdict.READY.equals(condition.getType()) && !"True".equals(condition.getStatus())) {
                return "False".equals(condition.getStatus()) ? NOT_READY : UNREACHABLE;
            }
        }
        return null;
    }

    private static void add(List<CarriedTaint> after, List<CarriedTaint> before, String key, String value, String effect, Instant now) {
        if (after.stream().anyMatch(taint -> matches(taint, key, effect))) {
            return;
        }
        Instant added = before.stream().filter(taint -> matches(taint, key, effect)).map(CarriedTaint::getTimeAdded)
                .findFirst().orElse(now);
        after.add(CarriedTaint.newBuilder().setKey(key).setValue(value).setEffect(effect).setTimeAdded(added).build());
    }

    private static boolean matches(CarriedTaint taint, String key, String effect) {
        return taint.getKey().equals(key) && taint.getEffect().equals(effect);
    }
}
