package io.fedstream.bench;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The benchmark's member clusters: each heart-beats (Ready, the allocatable it is given) every interval on a background
 * thread to the current round's cluster-health topic, and every beat is remembered with its send time so the
 * round can tell how late fedstream processed it. Each beat reports a different allocated pod count (as a busy
 * cluster does), so each one changes the cluster's capacity and shows up on the cluster views. Clusters can be
 * silenced, as clusters that fail do.
 */
final class Heartbeats implements AutoCloseable {

    private final Producer<String, ClusterHealthEvent> producer;
    private final Map<String, Map<String, String>> allocatable;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "bench-heartbeats");
        thread.setDaemon(true);
        return thread;
    });
    private final List<SentBeat> sent = new ArrayList<>();
    private final Set<String> silent = new HashSet<>();
    private String topic;
    private long beat;

    /** {@code allocatable}: each cluster, in the order they beat, and what it reports as allocatable. */
    Heartbeats(Producer<String, ClusterHealthEvent> producer, Map<String, Map<String, String>> allocatable) {
        this.producer = producer;
        this.allocatable = new LinkedHashMap<>();
        allocatable.forEach((cluster, amounts) -> this.allocatable.put(cluster, Map.copyOf(amounts)));
    }

    /** Every cluster reporting {@code allocatable}. */
    static Map<String, Map<String, String>> alike(List<String> clusters, Map<String, String> allocatable) {
        Map<String, Map<String, String>> each = new LinkedHashMap<>();
        clusters.forEach(cluster -> each.put(cluster, allocatable));
        return each;
    }

    /** Starts beating every {@code interval}; until {@link #target} names a topic, beats are skipped. */
    Heartbeats start(Duration interval) {
        timer.scheduleAtFixedRate(this::beat, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** From now on every cluster heart-beats to {@code healthTopic}; the beats remembered so far are forgotten. */
    synchronized void target(String healthTopic) {
        sent.clear();
        silent.clear();
        topic = healthTopic;
    }

    /** From now on {@code clusters} send no heartbeat (until the next {@link #target}), as failed clusters do. */
    synchronized void silence(Collection<String> clusters) {
        silent.addAll(clusters);
    }

    /** Every beat sent to the current topic so far, in send order. */
    synchronized List<SentBeat> sent() {
        return List.copyOf(sent);
    }

    private synchronized void beat() {
        String current = topic;
        if (current == null) {
            return;
        }
        beat++;
        for (Map.Entry<String, Map<String, String>> cluster : allocatable.entrySet()) {
            if (silent.contains(cluster.getKey())) {
                continue;
            }
            Instant now = Instant.now();
            ClusterHealthEvent event = ClusterHealthEvent.newBuilder()
                    .setCluster(cluster.getKey())
                    .setHeartbeatAt(now)
                    .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                    .setAllocatable(cluster.getValue())
                    .setAllocated(Map.of("pods", Long.toString(beat % 2)))
                    .setLabels(Map.of("fedstream.io/bench", "true"))
                    .setSource("bench")
                    .build();
            producer.send(new ProducerRecord<>(current, cluster.getKey(), event));
            sent.add(new SentBeat(cluster.getKey(), now.toEpochMilli()));
        }
        producer.flush();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One heartbeat: its cluster and its own time ({@code heartbeatAt}, epoch ms), which is when it was sent. */
    record SentBeat(String cluster, long atMillis) {}
}
