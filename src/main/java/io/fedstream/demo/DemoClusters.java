package io.fedstream.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.config.FedstreamConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's simulated member clusters: each heart-beats (Ready, its allocatable resources, and as allocated what
 * fedstream placed there, as an agent reports the pods that run) at a fixed interval on a background thread, until the
 * demo silences it to show a failure and resumes it to show the recovery.
 */
public final class DemoClusters implements AutoCloseable {

    /** Three clusters, each large enough to take every workload of the sample fleet and the scenes. */
    public static final List<String> NAMES = List.of("member1", "member2", "member3");

    /** The demo's cluster watch: short enough to show a failure and a recovery in seconds (defaults: 30 s, 5 min, 10 s). */
    public static final Duration FAILURE_THRESHOLD = Duration.ofSeconds(3);
    public static final Duration TOLERATION = Duration.ofSeconds(6);
    public static final Duration SUCCESS_THRESHOLD = Duration.ofSeconds(3);
    public static final Duration CHECK_INTERVAL = Duration.ofMillis(500);
    public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    /**
     * How long a task remembers a failover burst's spread ({@code place.reservation.ttl.ms}): the demo's scenes are
     * seconds apart, not the 5 minutes a real fleet's default allows.
     */
    public static final Duration RESERVATION_TTL = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(DemoClusters.class);

    // Every resource a pod of the sample fleet requests, as a real cluster's nodes report them: a resource a cluster does
    // not report allocatable fits nothing there (docs/placement.md), which left the StatefulSet team-a/orders-db unplaced.
    private static final Map<String, String> ALLOCATABLE = Map.of(
            "cpu", "512", "memory", "4Ti", "ephemeral-storage", "20Ti", "nvidia.com/gpu", "64", "pods", "2000");

    private final BiConsumer<String, ClusterHealthEvent> publisher;
    private final Duration interval;
    private final Supplier<Map<String, Map<String, String>>> placed;
    private final Set<String> silent = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "fedstream-demo-heartbeats");
        thread.setDaemon(true);
        return thread;
    });

    private DemoClusters(BiConsumer<String, ClusterHealthEvent> publisher, Duration interval,
                         Supplier<Map<String, Map<String, String>>> placed) {
        this.publisher = publisher;
        this.interval = interval;
        this.placed = placed;
    }

    /**
     * Starts heart-beating every cluster of {@link #NAMES} now and then every {@code interval}; {@code placed} gives, at
     * each beat, what runs on each cluster (cluster to resource to quantity, {@link #placedFrom}).
     */
    public static DemoClusters start(BiConsumer<String, ClusterHealthEvent> publisher, Duration interval,
                                     Supplier<Map<String, Map<String, String>>> placed) {
        DemoClusters clusters = new DemoClusters(publisher, interval, placed);
        clusters.timer.scheduleAtFixedRate(clusters::beat, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return clusters;
    }

    /** The configuration keys that give the cluster watch the thresholds above, and failover the burst memory. */
    public static Map<String, String> healthConfig() {
        return Map.of(
                FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, Long.toString(FAILURE_THRESHOLD.toMillis()),
                FedstreamConfig.HEALTH_TOLERATION_MS, Long.toString(TOLERATION.toMillis()),
                FedstreamConfig.HEALTH_SUCCESS_THRESHOLD_MS, Long.toString(SUCCESS_THRESHOLD.toMillis()),
                FedstreamConfig.HEALTH_CHECK_INTERVAL_MS, Long.toString(CHECK_INTERVAL.toMillis()),
                FedstreamConfig.PLACE_RESERVATION_TTL_MS, Long.toString(RESERVATION_TTL.toMillis()));
    }

    public Duration interval() {
        return interval;
    }

    /** The cluster stops heart-beating, as if its control plane were unreachable. */
    public void silence(String cluster) {
        silent.add(cluster);
    }

    /** The cluster heart-beats again. */
    public void resume(String cluster) {
        silent.remove(cluster);
    }

    private void beat() {
        Instant now = Instant.now();
        Map<String, Map<String, String>> running = running();
        for (String cluster : NAMES) {
            if (silent.contains(cluster)) {
                continue;
            }
            try {
                publisher.accept(cluster, heartbeat(cluster, now, running.getOrDefault(cluster, Map.of())));
            } catch (RuntimeException e) {
                // A failed send must not cancel the schedule; the next beat tries again.
                LOG.warn("Heartbeat of {} not sent: {}", cluster, e.getMessage());
            }
        }
    }

    /** What runs on each cluster now; nothing when it cannot be read, since a failed beat would end the schedule. */
    private Map<String, Map<String, String>> running() {
        try {
            return placed.get();
        } catch (RuntimeException e) {
            LOG.warn("What runs on the demo clusters could not be read; they report nothing allocated this beat: {}", e.getMessage());
            return Map.of();
        }
    }

    /**
     * What runs on each cluster, from the query API's {@code GET /apis/aggregates} ({@code clusters[{cluster, replicas,
     * resources}]}): the requests of the placed workloads that a cluster reports allocatable, and their pods.
     */
    public static Map<String, Map<String, String>> placedFrom(JsonNode aggregates) {
        Map<String, Map<String, String>> placed = new TreeMap<>();
        for (JsonNode cluster : aggregates.path("clusters")) {
            Map<String, String> allocated = new TreeMap<>();
            cluster.path("resources").properties().forEach(resource -> {
                if (ALLOCATABLE.containsKey(resource.getKey())) {
                    allocated.put(resource.getKey(), resource.getValue().asText());
                }
            });
            allocated.put("pods", Long.toString(cluster.path("replicas").asLong()));
            placed.put(cluster.path("cluster").asText(), allocated);
        }
        return placed;
    }

    static ClusterHealthEvent heartbeat(String cluster, Instant now, Map<String, String> allocated) {
        return ClusterHealthEvent.newBuilder()
                .setCluster(cluster)
                .setHeartbeatAt(now)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                .setAllocatable(ALLOCATABLE)
                .setAllocated(allocated)
                .setLabels(Map.of("fedstream.io/demo", "true"))
                .setSource("demo")
                .build();
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
}
