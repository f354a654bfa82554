package io.fedstream.health.stage;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.CarriedTaint;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.HeartbeatRefusal;
import io.fedstream.avro.MigrationBrake;
import io.fedstream.health.CarriedTaints;
import io.fedstream.health.ClusterHealthMachine;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.MigrationBrakeRule;
import io.fedstream.health.Reasons;
import io.fedstream.interpret.FieldError;
import io.fedstream.metrics.FedstreamMetrics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 5, one task for every cluster (the heartbeats are repartitioned onto one partition): records the refusals of
 * {@link HeartbeatGate}, takes each good heartbeat through the {@link ClusterHealthMachine} on the watch's clock (the
 * latest heartbeat time of any cluster), and on a wall-clock schedule looks at every cluster, so a cluster that went
 * silent is found though no record of its own arrives. It changes no state while the health input lags, and after
 * every change decides the migration brake over all clusters.
 */
final class WatchClustersProcessor implements Processor<String, ClusterHealthEvent, String, HealthOutcome> {

    private static final Logger LOG = LoggerFactory.getLogger(WatchClustersProcessor.class);

    private final HealthSettings settings;
    private final ClusterHealthMachine machine;
    private final MigrationBrakeRule brakeRule;
    private final SentViews sentViews;
    private final String healthTopic;
    private final FedstreamMetrics metrics;
    private ProcessorContext<String, HealthOutcome> context;
    private KeyValueStore<String, ClusterWatch> watches;
    private long watchingSince;
    private boolean lagged;

    WatchClustersProcessor(HealthSettings settings, String healthTopic, FedstreamMetrics metrics) {
        this.settings = settings;
        this.healthTopic = healthTopic;
        this.metrics = metrics;
        this.machine = new ClusterHealthMachine(settings);
        this.brakeRule = new MigrationBrakeRule(settings);
        this.sentViews = new SentViews(settings.capacityUpdateInterval());
    }

    @Override
    public void init(ProcessorContext<String, HealthOutcome> context) {
        this.context = context;
        this.watches = context.getStateStore(WatchClustersStage.STORE);
        this.watchingSince = context.currentSystemTimeMs();
        context.schedule(settings.checkInterval(), PunctuationType.WALL_CLOCK_TIME, this::check);
    }

    @Override
    public void process(Record<String, ClusterHealthEvent> record) {
        long wallClock = context.currentSystemTimeMs();
        ClusterHealthEvent heartbeat = record.value();
        metrics.heartbeatProcessed(heartbeat.getHeartbeatAt(), wallClock);
        Map<String, ClusterWatch> all = all();
        ClusterWatch current = all.get(record.key());
        FieldError refusal = HeartbeatGate.refusal(record.headers());
        if (refusal != null) {
            refuse(record, current, refusal, wallClock);
            return;
        }
        // A cluster known only from refused heartbeats joins with its first good one.
        ClusterWatch known = current == null || current.getHeartbeat() == null ? null : current;
        long healthTime = Math.max(MigrationBrakeRule.healthTime(all.values()), heartbeat.getHeartbeatAt().toEpochMilli());
        ClusterHealthMachine.Step step;
        if (known != null && brakeRule.lagging(healthTime, wallClock)) {
            // The heartbeat counts as proof of life, but what it means waits until the input has caught up.
            step = heartbeat.getHeartbeatAt().isBefore(known.getLastHeartbeatAt())
                    ? ClusterHealthMachine.Step.unchanged(known)
                    : new ClusterHealthMachine.Step(ClusterWatch.newBuilder(known)
                            .setLastHeartbeatAt(heartbeat.getHeartbeatAt()).setHeartbeat(heartbeat).build(), null);
        } else {
            step = machine.onHeartbeat(known, heartbeat, healthTime);
        }
        if (step.watch() == known) {
            LOG.debug("Heartbeat of {} at {} is older than the latest ({}): ignored", record.key(), heartbeat.getHeartbeatAt(),
                    known.getLastHeartbeatAt());
            return;
        }
        ClusterWatch received = ClusterWatch.newBuilder(step.watch())
                .setLastReceivedAt(Instant.ofEpochMilli(wallClock))
                .setRefusal(null)
                .build();
        List<ClusterHealthMachine.Step> steps = new ArrayList<>();
        steps.add(new ClusterHealthMachine.Step(received, step.transition()));
        // The heartbeat moved the watch's clock: every other cluster's silence is measured against it at once.
        steps.addAll(ticked(all, healthTime, wallClock, received.getCluster()));
        Integer partition = HeartbeatGate.sourcePartition(record.headers());
        Source source = partition == null ? null : new Source(healthTopic, partition, HeartbeatGate.sourceOffset(record.headers()));
        commit(all, steps, healthTime, wallClock, source, received.getCluster());
    }

    /** Every cluster, on the watch's clock; nothing changes state while the health input lags. */
    private void check(long wallClock) {
        Map<String, ClusterWatch> all = all();
        long healthTime = MigrationBrakeRule.healthTime(all.values());
        commit(all, ticked(all, healthTime, wallClock, null), healthTime, wallClock, null, null);
    }

    /** What the watch's clock at {@code healthTime} changes, for every cluster but {@code except}; nothing while the input lags. */
    private List<ClusterHealthMachine.Step> ticked(Map<String, ClusterWatch> all, long healthTime, long wallClock, String except) {
        List<ClusterHealthMachine.Step> changed = new ArrayList<>();
        if (brakeRule.lagging(healthTime, wallClock)) {
            lagged = true;
            return changed;
        }
        if (lagged) {
            // A backlog is read partition by partition, not in heartbeat order: as after a restart, every cluster gets
            // a full failure threshold from the moment the input caught up before it can be found silent.
            lagged = false;
            watchingSince = healthTime;
        }
        for (ClusterWatch watch : all.values()) {
            if (watch.getHeartbeat() == null || watch.getCluster().equals(except)) {
                continue;
            }
            ClusterHealthMachine.Step step = machine.onTick(watch, healthTime, watchingSince);
            if (step.watch() != watch) {
                changed.add(step);
            }
        }
        return changed;
    }

    /**
     * Stores the steps with the taints each cluster carries after them, decides the brake over every cluster after
     * them, and sends what changed: transitions first (carrying the brake they leave and the taints), an unhealthy
     * cluster's state again when its taints changed without a transition, then views, then on a brake change its
     * audit event and every other unhealthy cluster's state again, so that each fail-over task holds the new brake and
     * taints on every open incident.
     */
    private void commit(Map<String, ClusterWatch> before, List<ClusterHealthMachine.Step> untainted, long healthTime, long wallClock,
                        Source source, String sourceCluster) {
        List<ClusterHealthMachine.Step> steps = untainted.stream()
                .map(step -> tainted(before.get(step.watch().getCluster()), step, healthTime)).toList();
        Map<String, ClusterWatch> after = new TreeMap<>(before);
        steps.forEach(step -> after.put(step.watch().getCluster(), step.watch()));
        MigrationBrake previous = brakeOf(before);
        MigrationBrake brake = brakeRule.evaluate(after.values(), MigrationBrakeRule.healthTime(after.values()), wallClock, previous);
        after.replaceAll((cluster, watch) -> Objects.equals(watch.getBrake(), brake) ? watch
                : ClusterWatch.newBuilder(watch).setBrake(brake).build());
        after.forEach((cluster, watch) -> {
            if (!watch.equals(before.get(cluster))) {
                watches.put(cluster, watch);
            }
        });
        Set<String> announced = new HashSet<>();
        for (ClusterHealthMachine.Step step : steps) {
            if (step.transition() != null) {
                ClusterStateEvent event = ClusterStateEvent.newBuilder(step.transition()).setBrake(brake).build();
                announce(event, wallClock, event.getCluster().equals(sourceCluster) ? source : null);
                announced.add(event.getCluster());
            }
        }
        for (ClusterHealthMachine.Step step : steps) {
            ClusterWatch watch = after.get(step.watch().getCluster());
            ClusterWatch was = before.get(watch.getCluster());
            if (step.transition() == null && watch.getState() != ClusterState.READY && watch.getHeartbeat() != null
                    && !watch.getTaints().equals(was == null ? List.of() : was.getTaints())) {
                reannounce(watch, wallClock);
                announced.add(watch.getCluster());
            }
        }
        after.forEach((cluster, watch) -> viewIfChanged(watch, healthTime, wallClock));
        boolean engagedOrReleased = (previous == null) != (brake == null);
        if (!engagedOrReleased) {
            return;
        }
        if (brake != null) {
            LOG.warn("Migration brake engaged ({}): {}", brake.getReason(), brake.getMessage());
            audit(HealthAudit.brake(brake, null), wallClock);
        } else {
            LOG.warn("Migration brake released: {}", previous.getMessage());
            audit(HealthAudit.brake(previous, Instant.ofEpochMilli(wallClock)), wallClock);
        }
        after.values().stream()
                .filter(watch -> watch.getHeartbeat() != null && watch.getState() != ClusterState.READY)
                .filter(watch -> !announced.contains(watch.getCluster()))
                .forEach(watch -> reannounce(watch, wallClock));
    }

    private void reannounce(ClusterWatch watch, long wallClock) {
        context.forward(new Record<String, HealthOutcome>(watch.getCluster(), new HealthOutcome.Reannounced(current(watch)), wallClock,
                new RecordHeaders()));
    }

    /** The step with the taints the cluster carries after it, on its watch and on its transition. */
    private static ClusterHealthMachine.Step tainted(ClusterWatch before, ClusterHealthMachine.Step step, long healthTime) {
        List<CarriedTaint> taints = CarriedTaints.after(before == null ? List.of() : before.getTaints(), step.watch(),
                Instant.ofEpochMilli(healthTime));
        ClusterWatch watch = ClusterWatch.newBuilder(step.watch()).setTaints(taints).build();
        return new ClusterHealthMachine.Step(watch,
                step.transition() == null ? null : ClusterStateEvent.newBuilder(step.transition()).setTaints(taints).build());
    }

    /** The cluster's state as the event of the transition that led to it, with the brake it holds under now. */
    private static ClusterStateEvent current(ClusterWatch watch) {
        return ClusterStateEvent.newBuilder()
                .setCluster(watch.getCluster())
                .setState(watch.getState())
                .setReason(watch.getReason())
                .setMessage(watch.getMessage())
                .setIncidentId(watch.getIncidentId())
                .setLastHeartbeatAt(watch.getLastHeartbeatAt())
                .setFlapCount(watch.getFlapCount())
                .setTransitionAt(watch.getSince())
                .setBrake(watch.getBrake())
                .setTaints(watch.getTaints())
                .build();
    }

    /** Every watch holds the same brake; a cluster known only from refused heartbeats may not hold it yet. */
    private static MigrationBrake brakeOf(Map<String, ClusterWatch> all) {
        return all.values().stream().filter(watch -> watch.getHeartbeat() != null).map(ClusterWatch::getBrake)
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    private Map<String, ClusterWatch> all() {
        Map<String, ClusterWatch> all = new LinkedHashMap<>();
        try (KeyValueIterator<String, ClusterWatch> entries = watches.all()) {
            entries.forEachRemaining(entry -> all.put(entry.key, entry.value));
        }
        return all;
    }

    /**
     * A heartbeat the gate refused (and dead-lettered): the cluster keeps its last valid view, which now names the
     * refusal, so that placement can say why the cluster is no candidate.
     */
    private void refuse(Record<String, ClusterHealthEvent> record, ClusterWatch current, FieldError problem, long wallClock) {
        HeartbeatRefusal refusal = HeartbeatRefusal.newBuilder()
                .setRefusedAt(Instant.ofEpochMilli(wallClock))
                .setHeartbeatAt(record.value().getHeartbeatAt())
                .setField(problem.field())
                .setValue(problem.value())
                .setMessage(problem.reason())
                .build();
        ClusterWatch refused = current != null
                ? ClusterWatch.newBuilder(current).setRefusal(refusal).build()
                : ClusterWatch.newBuilder()
                        .setCluster(record.key())
                        .setState(ClusterState.SUSPECT)
                        .setReason(Reasons.HEARTBEAT_REFUSED)
                        .setMessage("no valid heartbeat yet")
                        .setSince(Instant.ofEpochMilli(wallClock))
                        .setRefusal(refusal)
                        .build();
        watches.put(record.key(), refused);
        viewIfChanged(refused, MigrationBrakeRule.healthTime(all().values()), wallClock);
    }

    /**
     * Placement cares about state, labels, taints, topology (field selectors, spread constraints), resources, the kinds
     * served (APIEnablement), refusals and the brake; mere liveness is not sent on, a change of resources alone at most
     * once per {@link HealthSettings#capacityUpdateInterval()} ({@link SentViews}).
     */
    private void viewIfChanged(ClusterWatch after, long healthTime, long now) {
        if (sentViews.send(after, healthTime)) {
            context.forward(new Record<String, HealthOutcome>(after.getCluster(), new HealthOutcome.View(after), now, new RecordHeaders()));
        }
    }

    private void announce(ClusterStateEvent transition, long now, Source source) {
        LOG.info("Cluster {} is {} (was {}): {} {}", transition.getCluster(), transition.getState(), transition.getPreviousState(),
                transition.getReason(), transition.getMessage());
        context.forward(new Record<String, HealthOutcome>(transition.getCluster(), new HealthOutcome.Transition(transition), now, new RecordHeaders()));
        audit(HealthAudit.of(transition, source == null ? null : source.topic(), source == null ? null : source.partition(),
                source == null ? null : source.offset()), now);
    }

    /** The heartbeat behind a transition, on the cluster-health topic. */
    private record Source(String topic, int partition, Long offset) {
    }

    private void audit(AuditEvent event, long now) {
        context.forward(new Record<String, HealthOutcome>(event.getDecisionId(), new HealthOutcome.Audit(event), now, new RecordHeaders()));
    }
}
