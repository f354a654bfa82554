package io.fedstream.health.stage;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Taint;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The whole topology on TopologyTestDriver, with heartbeats in and cluster states, audit and dead letters out. The
 * watch's clock is heartbeat time, so a test that lets a cluster fall silent keeps a witness cluster beating (its own
 * states and audit events are left out of the lists).
 */
final class WatchClustersDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-29T10:00:00Z");

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, ClusterHealthEvent> health;
    private final TestOutputTopic<String, ClusterStateEvent> statesOut;
    private final TestOutputTopic<String, AuditEvent> auditOut;
    private final TestOutputTopic<String, byte[]> deadLettersOut;
    private final TestOutputTopic<String, ClusterWatch> viewsOut;
    private final Duration step;
    private Instant now = START;
    private final Set<String> witnesses = new TreeSet<>();
    final List<TestRecord<String, ClusterStateEvent>> states = new ArrayList<>();
    final List<TestRecord<String, AuditEvent>> audit = new ArrayList<>();
    final List<TestRecord<String, byte[]>> deadLetters = new ArrayList<>();
    /** Every view written to the cluster views (TopologyTestDriver has one partition: one record a view). */
    final List<ClusterWatch> views = new ArrayList<>();

    WatchClustersDriver(Path stateDir, Map<String, String> overrides) {
        Fedstream fedstream = TestFedstream.create(overrides);
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, START);
        step = fedstream.config().healthSettings().checkInterval();
        var topics = fedstream.topics();
        health = driver.createInputTopic(topics.clusterHealth().name(), Serdes.String().serializer(), topics.clusterHealth().valueSerde().serializer());
        statesOut = driver.createOutputTopic(topics.clusterState().name(), Serdes.String().deserializer(), topics.clusterState().valueSerde().deserializer());
        auditOut = driver.createOutputTopic(topics.audit().name(), Serdes.String().deserializer(), topics.audit().valueSerde().deserializer());
        viewsOut = driver.createOutputTopic(topics.clusterViews().name(), Serdes.String().deserializer(), topics.clusterViews().valueSerde().deserializer());
        deadLettersOut = driver.createOutputTopic(topics.deadLetters().name(), Serdes.String().deserializer(), Serdes.ByteArray().deserializer());
    }

    /** A heartbeat stamped now, with Ready given as True, False, Unknown (or null: no Ready condition). */
    WatchClustersDriver heartbeat(String cluster, String ready, Taint... taints) {
        return heartbeat(cluster, now, ready, taints);
    }

    WatchClustersDriver heartbeat(String cluster, Instant heartbeatAt, String ready, Taint... taints) {
        return pipe(cluster, event(cluster, heartbeatAt, ready, taints));
    }

    WatchClustersDriver pipe(String key, ClusterHealthEvent value) {
        health.pipeInput(key, value, now);
        return drain();
    }

    /** A cluster that heart-beats Ready at every step of the clock from now on. */
    WatchClustersDriver witness(String cluster) {
        witnesses.add(cluster);
        return heartbeat(cluster, "True");
    }

    /**
     * Moves the wall clock in steps of the check interval, so that the punctuator runs as it would; the witnesses'
     * heartbeats of each step arrive just before it.
     */
    WatchClustersDriver advance(Duration duration) {
        Duration left = duration;
        while (!left.isZero()) {
            Duration next = left.compareTo(step) < 0 ? left : step;
            now = now.plus(next);
            witnesses.forEach(witness -> health.pipeInput(witness, event(witness, now, "True"), now));
            driver.advanceWallClockTime(next);
            left = left.minus(next);
        }
        return drain();
    }

    /** Heartbeats every {@code interval} for {@code duration}, the clock moving in between. */
    WatchClustersDriver beating(String cluster, Duration interval, Duration duration) {
        for (Duration done = Duration.ZERO; done.compareTo(duration) < 0; done = done.plus(interval)) {
            advance(interval);
            heartbeat(cluster, "True");
        }
        return this;
    }

    Instant now() {
        return now;
    }

    ClusterWatch watch(String cluster) {
        return driver.<String, ClusterWatch>getKeyValueStore(WatchClustersStage.STORE).get(cluster);
    }

    List<String> transitions() {
        return states.stream().map(r -> r.value().getCluster() + " " + r.value().getPreviousState() + "->" + r.value().getState()
                + " " + r.value().getReason()).toList();
    }

    static ClusterHealthEvent event(String cluster, Instant heartbeatAt, String ready, Taint... taints) {
        ClusterHealthEvent.Builder event = ClusterHealthEvent.newBuilder()
                .setCluster(cluster)
                .setHeartbeatAt(heartbeatAt)
                .setAllocatable(Map.of("cpu", "64", "memory", "256Gi"))
                .setAllocated(Map.of("cpu", "12", "memory", "48Gi"))
                .setTaints(List.of(taints));
        if (ready != null) {
            event.setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus(ready).build()));
        }
        return event.build();
    }

    static Taint taint(String key, String effect) {
        return Taint.newBuilder().setKey(key).setEffect(effect).build();
    }

    private WatchClustersDriver drain() {
        statesOut.readRecordsToList().stream().filter(r -> !witnesses.contains(r.key())).forEach(states::add);
        auditOut.readRecordsToList().stream()
                .filter(r -> r.value().getCluster() == null || !witnesses.contains(r.value().getCluster())).forEach(audit::add);
        deadLetters.addAll(deadLettersOut.readRecordsToList());
        views.addAll(viewsOut.readValuesToList());
        return this;
    }

    @Override
    public void close() {
        driver.close();
    }
}
