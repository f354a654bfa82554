package io.fedstream.health;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationBrake;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Decides from every cluster's watch whether the migration brake holds: when too many clusters fail at once, or
 * nothing is heard at all, the likelier fault is fedstream's or the network's, as in the Kubernetes node lifecycle
 * controller's full-disruption rule (docs/health.md).
 */
public final class MigrationBrakeRule {

    /** At least the brake ratio of the known clusters turned SUSPECT within one failure threshold and are not back. */
    static final String MASS_FAILURE = "MassFailure";
    /** No heartbeat of any cluster processed for the input lag tolerance. */
    public static final String INPUT_LAG = "InputLag";

    private final HealthSettings settings;

    public MigrationBrakeRule(HealthSettings settings) {
        this.settings = settings;
    }

    /** The latest heartbeat time of any cluster: the watch's clock; {@link Long#MIN_VALUE} before the first. */
    public static long healthTime(Collection<ClusterWatch> watches) {
        return watches.stream()
                .filter(watch -> watch.getLastHeartbeatAt() != null)
                .mapToLong(watch -> watch.getLastHeartbeatAt().toEpochMilli())
                .max().orElse(Long.MIN_VALUE);
    }

    /** True while the wall clock is at least the tolerance ahead of the watch's clock: then no cluster changes state. */
    public boolean lagging(long healthTime, long wallClock) {
        return healthTime != Long.MIN_VALUE && wallClock - healthTime >= settings.inputLagTolerance().toMillis();
    }

    /**
     * The brake over the given watches, null when it does not hold. While it holds for the same reason, it keeps the
     * time it engaged ({@code previous.since}).
     */
    public MigrationBrake evaluate(Collection<ClusterWatch> watches, long healthTime, long wallClock, MigrationBrake previous) {
        List<ClusterWatch> known = watches.stream().filter(watch -> watch.getHeartbeat() != null).toList();
        if (known.isEmpty()) {
            return null;
        }
        if (lagging(healthTime, wallClock)) {
            return hold(previous, INPUT_LAG, "no heartbeat of any cluster processed for "
                    + ClusterHealthMachine.duration(wallClock - healthTime) + " (tolerance "
                    + ClusterHealthMachine.duration(settings.inputLagTolerance().toMillis())
                    + "): fedstream's health input lags, or every cluster is cut off", List.of(), known.size(), wallClock);
        }
        List<ClusterWatch> together = largestFailureWave(known);
        int needed = Math.max(settings.brakeMinClusters(), (int) Math.ceil(settings.brakeRatio() * known.size()));
        if (together.size() < needed) {
            return null;
        }
        List<String> names = together.stream().map(ClusterWatch::getCluster).sorted().toList();
        return hold(previous, MASS_FAILURE, together.size() + " of " + known.size() + " clusters turned SUSPECT within "
                + ClusterHealthMachine.duration(settings.failureThreshold().toMillis()) + " (" + String.join(", ", names)
                + "; the brake holds from " + settings.brakeRatio() + " of the known clusters, at least "
                + settings.brakeMinClusters() + "): fedstream or the network is the likelier fault", names, known.size(), wallClock);
    }

    /**
     * The most clusters, down now for a lack of heartbeats or of Ready, whose incidents began within one failure
     * threshold of each other. A NoExecute taint is an instruction, not a symptom, and never counts.
     */
    private List<ClusterWatch> largestFailureWave(List<ClusterWatch> known) {
        List<ClusterWatch> down = known.stream()
                .filter(watch -> watch.getState() == ClusterState.SUSPECT || watch.getState() == ClusterState.FAILED)
                .filter(watch -> watch.getIncidentId() != null && !watch.getIncidentStarts().isEmpty())
                .filter(watch -> !Reasons.NO_EXECUTE_TAINT.equals(watch.getReason()))
                .sorted(Comparator.comparingLong(MigrationBrakeRule::incidentStart))
                .toList();
        long window = settings.failureThreshold().toMillis();
        int bestFrom = 0;
        int bestTo = 0;
        for (int from = 0, to = 0; to < down.size(); to++) {
            while (incidentStart(down.get(to)) - incidentStart(down.get(from)) > window) {
                from++;
            }
            if (to + 1 - from > bestTo - bestFrom) {
                bestFrom = from;
                bestTo = to + 1;
            }
        }
        return down.subList(bestFrom, bestTo);
    }

    private static long incidentStart(ClusterWatch watch) {
        List<Long> starts = watch.getIncidentStarts();
        return starts.get(starts.size() - 1);
    }

    private static MigrationBrake hold(MigrationBrake previous, String reason, String message, List<String> clusters, int known, long now) {
        Instant since = previous != null && previous.getReason().equals(reason) ? previous.getSince() : Instant.ofEpochMilli(now);
        return MigrationBrake.newBuilder()
                .setReason(reason)
                .setMessage(message)
                .setSince(since)
                .setClusters(clusters)
                .setKnownClusters(known)
                .build();
    }
}
