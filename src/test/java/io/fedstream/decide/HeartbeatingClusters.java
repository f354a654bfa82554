package io.fedstream.decide;

import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The member clusters' agents of a real-broker test: a Ready heartbeat per beating cluster every second, with its
 * allocatable and, as allocated, what the test says runs there. Each beat carries a new {@link #BEAT_LABEL}, so that
 * the health stage passes every heartbeat on to the cluster views and a test can see their lag.
 */
final class HeartbeatingClusters implements AutoCloseable {

    static final String BEAT_LABEL = "fedstream.io/test-beat";
    private static final Duration EVERY = Duration.ofSeconds(1);

    /** The first exception a beat met, null while none did. */
    final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Set<String> beating;
    private final Map<String, Map<String, String>> allocatable;
    private final Supplier<Map<String, Map<String, String>>> allocated;
    private final String topic;
    private final KafkaProducer<String, ClusterHealthEvent> producer;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private long beats;

    /** Starts beating for every cluster {@code allocatable} names; {@code allocated} is asked at every beat. */
    HeartbeatingClusters(Fedstream fedstream, Map<String, Map<String, String>> allocatable,
                         Supplier<Map<String, Map<String, String>>> allocated) {
        this.beating = new TreeSet<>(allocatable.keySet());
        this.allocatable = Map.copyOf(allocatable);
        this.allocated = allocated;
        this.topic = fedstream.topics().clusterHealth().name();
        this.producer = new KafkaProducer<>(fedstream.config().producerProperties(), new StringSerializer(),
                fedstream.topics().clusterHealth().valueSerde().serializer());
        timer.scheduleAtFixedRate(this::beat, 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    private synchronized void beat() {
        try {
            Map<String, Map<String, String>> running = allocated.get();
            for (String cluster : beating) {
                producer.send(new ProducerRecord<>(topic, cluster, ClusterHealthEvent.newBuilder()
                        .setCluster(cluster)
                        .setHeartbeatAt(Instant.now())
                        .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                        .setAllocatable(allocatable.get(cluster))
                        .setAllocated(running.getOrDefault(cluster, Map.of()))
                        .setLabels(Map.of(BEAT_LABEL, Long.toString(beats)))
                        .build()));
            }
            producer.flush();
            beats++;
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
        }
    }

    /** After this returns, no heartbeat of the cluster is sent any more. */
    synchronized void stop(String cluster) {
        beating.remove(cluster);
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(10, TimeUnit.SECONDS);
        producer.close(Duration.ofSeconds(10));
    }
}
