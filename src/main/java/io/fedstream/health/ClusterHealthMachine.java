package io.fedstream.health;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The life cycle of one member cluster (READY, SUSPECT, FAILED, RECOVERING) as a pure function of its heartbeats and
 * of the watch's clock, which is heartbeat time (the latest heartbeat time processed of any cluster), so that a watch
 * that processes late never takes its own delay for a cluster's silence: each call takes what is known of the cluster
 * and returns what is known after, with the transition it made, if any. Rules and their sources: docs/health.md.
 */
public final class ClusterHealthMachine {

    /** The multiplier of the success threshold stops doubling here; the flap window caps it anyway. */
    private static final int MAX_DOUBLINGS = 20;

    private final HealthSettings settings;

    public ClusterHealthMachine(HealthSettings settings) {
        this.settings = settings;
    }

    /** What is known of a cluster after a step, and the transition the step made (null: none). */
    public record Step(ClusterWatch watch, ClusterStateEvent transition) {

        /** A step that changed nothing at all, e.g. an out-of-order heartbeat: nothing to store. */
        public static Step unchanged(ClusterWatch watch) {
            return new Step(watch, null);
        }
    }

    /**
     * A heartbeat taken in when the watch's clock reads {@code now}. One older than the latest (by {@code heartbeatAt})
     * is out of order and changes nothing; {@code current} is null for a cluster not seen before.
     */
    public Step onHeartbeat(ClusterWatch current, ClusterHealthEvent heartbeat, long now) {
        long heartbeatAt = heartbeat.getHeartbeatAt().toEpochMilli();
        if (current != null && current.getLastHeartbeatAt() != null && heartbeatAt < current.getLastHeartbeatAt().toEpochMilli()) {
            return Step.unchanged(current);
        }
        HeartbeatVerdict verdict = HeartbeatVerdict.of(heartbeat);
        if (current == null) {
            return joined(heartbeat, verdict, now);
        }
        ClusterWatch seen = ClusterWatch.newBuilder(current)
                .setLastHeartbeatAt(heartbeat.getHeartbeatAt())
                .setHeartbeat(heartbeat)
                .build();
        Step step = afterVerdict(seen, current.getState(), verdict, now);
        return step.transition() != null ? step : onTick(step.watch(), now, now);
    }

    /**
     * The watch's clock moved to {@code now}. Silence is the time from the cluster's latest heartbeat (its own
     * {@code heartbeatAt}) or from {@code watchingSince}, whichever is later, to {@code now}: after a restart or a
     * partition move, fedstream did not watch in the meantime, so every cluster gets a full failure threshold before
     * it is found silent.
     */
    public Step onTick(ClusterWatch current, long now, long watchingSince) {
        long silence = now - Math.max(watchingSince, current.getLastHeartbeatAt() == null ? Long.MIN_VALUE : current.getLastHeartbeatAt().toEpochMilli());
        boolean silent = silence >= settings.failureThreshold().toMillis();
        long inState = now - current.getSince().toEpochMilli();
        switch (current.getState()) {
            case READY -> {
                if (silent) {
                    return incident(current, ClusterState.SUSPECT, Reasons.HEARTBEAT_MISSED,
                            "no heartbeat for " + duration(silence) + " (failure threshold " + duration(settings.failureThreshold().toMillis()) + ")", now);
                }
                if (current.getNotReadySince() != null && now - current.getNotReadySince().toEpochMilli() >= settings.failureThreshold().toMillis()) {
                    HeartbeatVerdict verdict = HeartbeatVerdict.of(current.getHeartbeat());
                    return incident(current, ClusterState.SUSPECT, verdict.reason(), verdict.message() + " for "
                            + duration(now - current.getNotReadySince().toEpochMilli()) + " (failure threshold "
                            + duration(settings.failureThreshold().toMillis()) + ")", now);
                }
                return Step.unchanged(current);
            }
            case SUSPECT -> {
                ClusterWatch heard = silent ? unheard(current, silence) : current;
                // Not FAILED before one failure window has passed: a cluster turning SUSPECT within it would make this a
                // mass failure, which the migration brake holds (MigrationBrakeRule), and FAILED moves workloads.
                if (inState >= Math.max(settings.toleration().toMillis(), settings.failureThreshold().toMillis())) {
                    return transition(heard, ClusterState.FAILED, heard.getReason(), "SUSPECT for " + duration(inState)
                            + " (toleration " + duration(settings.toleration().toMillis()) + "): " + heard.getMessage(), now).build();
                }
                return Step.unchanged(heard);
            }
            case FAILED -> {
                return Step.unchanged(silent ? unheard(current, silence) : current);
            }
            case RECOVERING -> {
                if (silent) {
                    return transition(current, ClusterState.FAILED, Reasons.HEARTBEAT_MISSED,
                            "no heartbeat for " + duration(silence) + " while recovering", now).build();
                }
                long required = recoveringTime(current.getFlapCount());
                if (inState >= required) {
                    return transition(current, ClusterState.READY, Reasons.RECOVERED, "healthy for " + duration(inState)
                            + " (success threshold " + duration(required) + ", " + current.getFlapCount() + " earlier incidents"
                            + " within " + duration(settings.flapWindow().toMillis()) + ")", now)
                            .closeIncident();
                }
                return Step.unchanged(current);
            }
            default -> {
                return Step.unchanged(current);
            }
        }
    }

    /**
     * How long RECOVERING must stay healthy: the success threshold, doubled for every earlier incident within the
     * flap window, and never longer than that window (by then the earlier incidents would have left it).
     */
    long recoveringTime(int flapCount) {
        long base = settings.successThreshold().toMillis();
        long damped = base << Math.min(Math.max(flapCount, 0), MAX_DOUBLINGS);
        if (damped < base) {
            damped = Long.MAX_VALUE;
        }
        return Math.min(damped, Math.max(base, settings.flapWindow().toMillis()));
    }

    private Step joined(ClusterHealthEvent heartbeat, HeartbeatVerdict verdict, long now) {
        ClusterWatch fresh = ClusterWatch.newBuilder()
                .setCluster(heartbeat.getCluster())
                .setState(ClusterState.READY)
                .setReason(Reasons.JOINED)
                .setSince(Instant.ofEpochMilli(now))
                .setLastHeartbeatAt(heartbeat.getHeartbeatAt())
                .setHeartbeat(heartbeat)
                .build();
        return switch (verdict.kind()) {
            case NO_EXECUTE -> incident(fresh, null, ClusterState.FAILED, verdict.reason(), verdict.message(), now);
            // No history to debounce against: a cluster that joins not ready is SUSPECT from the start.
            case NOT_READY -> incident(fresh, null, ClusterState.SUSPECT, verdict.reason(), verdict.message(), now);
            case HEALTHY -> new Transition(fresh, null, ClusterState.READY, Reasons.JOINED, "first heartbeat", now).build();
        };
    }

    private Step afterVerdict(ClusterWatch seen, ClusterState state, HeartbeatVerdict verdict, long now) {
        switch (state) {
            case READY -> {
                if (verdict.kind() == HeartbeatVerdict.Kind.NO_EXECUTE) {
                    return incident(seen, ClusterState.FAILED, verdict.reason(), verdict.message(), now);
                }
                if (verdict.healthy()) {
                    return Step.unchanged(ClusterWatch.newBuilder(seen).setNotReadySince(null).build());
                }
                return Step.unchanged(seen.getNotReadySince() != null ? seen
                        : ClusterWatch.newBuilder(seen).setNotReadySince(Instant.ofEpochMilli(now)).build());
            }
            case SUSPECT -> {
                if (verdict.kind() == HeartbeatVerdict.Kind.NO_EXECUTE) {
                    return transition(seen, ClusterState.FAILED, verdict.reason(), verdict.message(), now).build();
                }
                if (verdict.healthy()) {
                    return transition(seen, ClusterState.READY, Reasons.healed(seen.getReason()),
                            "healthy again before the toleration", now).closeIncident();
                }
                return Step.unchanged(heardAgain(seen, verdict));
            }
            case FAILED -> {
                if (verdict.healthy()) {
                    return transition(seen, ClusterState.RECOVERING, Reasons.healed(seen.getReason()), "READY after "
                            + duration(recoveringTime(seen.getFlapCount())) + " of health", now).build();
                }
                return Step.unchanged(heardAgain(seen, verdict));
            }
            case RECOVERING -> {
                if (!verdict.healthy()) {
                    return transition(seen, ClusterState.FAILED, verdict.reason(), verdict.message() + " while recovering", now).build();
                }
                return Step.unchanged(seen);
            }
            default -> throw new IllegalStateException("unknown cluster state " + state);
        }
    }

    /**
     * An unhealthy cluster that has also been silent for the failure threshold: whatever made it unhealthy (a NoExecute
     * taint, Ready False), nobody hears from it now, so its reason becomes {@code HeartbeatMissed} (and it carries
     * {@code unreachable}, as Karmada swaps its taint when Ready turns Unknown), in the same state and incident.
     */
    private static ClusterWatch unheard(ClusterWatch current, long silence) {
        if (Reasons.HEARTBEAT_MISSED.equals(current.getReason()) || Reasons.READY_UNKNOWN.equals(current.getReason())) {
            return current;
        }
        return ClusterWatch.newBuilder(current).setReason(Reasons.HEARTBEAT_MISSED)
                .setMessage("no heartbeat for " + duration(silence) + " after " + current.getReason() + ": " + current.getMessage())
                .build();
    }

    /** A cluster unhealthy for its silence heart-beats again, still unhealthy: the reason is what the heartbeat says now. */
    private static ClusterWatch heardAgain(ClusterWatch seen, HeartbeatVerdict verdict) {
        if (!Reasons.HEARTBEAT_MISSED.equals(seen.getReason())) {
            return seen;
        }
        return ClusterWatch.newBuilder(seen).setReason(verdict.reason()).setMessage(verdict.message()).build();
    }

    /** A healthy cluster turns SUSPECT or FAILED: a new incident, counted against the flap window. */
    private Step incident(ClusterWatch current, ClusterState to, String reason, String message, long now) {
        return incident(current, current.getState(), to, reason, message, now);
    }

    private Step incident(ClusterWatch current, ClusterState from, ClusterState to, String reason, String message, long now) {
        List<Long> recent = new ArrayList<>();
        for (long start : current.getIncidentStarts()) {
            if (now - start < settings.flapWindow().toMillis()) {
                recent.add(start);
            }
        }
        int flapCount = recent.size();
        recent.add(now);
        ClusterWatch opened = ClusterWatch.newBuilder(current)
                .setIncidentId(current.getCluster() + "-" + now)
                .setIncidentStarts(recent)
                .setFlapCount(flapCount)
                .setNotReadySince(null)
                .build();
        return new Transition(opened, from, to, reason, message, now).build();
    }

    private Transition transition(ClusterWatch current, ClusterState to, String reason, String message, long now) {
        return new Transition(current, current.getState(), to, reason, message, now);
    }

    /** One state change about to be made: the new watch and the event that announces it. */
    private record Transition(ClusterWatch current, ClusterState from, ClusterState to, String reason, String message, long now) {

        Step build() {
            ClusterWatch next = moved().build();
            return new Step(next, event(next));
        }

        /** READY again: the event names the incident that ended, the stored watch has none. */
        Step closeIncident() {
            ClusterWatch next = moved().setNotReadySince(null).build();
            ClusterStateEvent event = event(next);
            return new Step(ClusterWatch.newBuilder(next).setIncidentId(null).build(), event);
        }

        private ClusterWatch.Builder moved() {
            return ClusterWatch.newBuilder(current).setState(to).setReason(reason).setMessage(message).setSince(Instant.ofEpochMilli(now));
        }

        private ClusterStateEvent event(ClusterWatch next) {
            return ClusterStateEvent.newBuilder()
                    .setCluster(next.getCluster())
                    .setState(to)
                    .setPreviousState(from)
                    .setReason(reason)
                    .setMessage(message)
                    .setIncidentId(next.getIncidentId())
                    .setLastHeartbeatAt(next.getLastHeartbeatAt())
                    .setFlapCount(next.getFlapCount())
                    .setTransitionAt(Instant.ofEpochMilli(now))
                    .build();
        }
    }

    /** Short human durations: 250ms, 30s, 5m, 5m30s, 2h. */
    static String duration(long millis) {
        if (millis < 1000) {
            return millis + "ms";
        }
        long seconds = millis / 1000;
        StringBuilder text = new StringBuilder();
        if (seconds >= 3600) {
            text.append(seconds / 3600).append('h');
            seconds %= 3600;
        }
        if (seconds >= 60) {
            text.append(seconds / 60).append('m');
            seconds %= 60;
        }
        if (seconds > 0 || text.isEmpty()) {
            text.append(seconds).append('s');
        }
        return text.toString();
    }
}
