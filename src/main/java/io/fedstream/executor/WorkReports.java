package io.fedstream.executor;

import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topic;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports on {@code fedstream.work-status} what the executor did with each copy on its cluster: one record per change,
 * keyed by workload key and partitioned by namespace, with the copy's version when it was last seen as its binding says
 * (Karmada's object watcher keeps that version record in memory; here it survives a restart on the topic). What it reported last is read back from the topic at start
 * ({@link #recall}), so a restarted executor reports a copy again only when its state changed.
 */
final class WorkReports implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkReports.class);

    private final KafkaProducer<String, byte[]> producer;
    private final Topic<String, WorkStatusEvent> topic;
    private final String cluster;
    private final Clock clock;
    /** What was reported last per copy; the producer's thread forgets a report it could not send, so that it is sent again. */
    private final Map<String, WorkDispatch> reported = new ConcurrentHashMap<>();

    WorkReports(Properties producerProperties, Topic<String, WorkStatusEvent> topic, String cluster, Clock clock) {
        Properties properties = new Properties();
        properties.putAll(producerProperties);
        properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, Executor.groupId(cluster) + "-work-status");
        this.producer = new KafkaProducer<>(properties, new StringSerializer(), new ByteArraySerializer());
        this.topic = topic;
        this.cluster = cluster;
        this.clock = clock;
    }

    /** What an earlier run of this executor reported last about a copy, read back from the topic at start. */
    void recall(String workloadKey, WorkDispatch dispatch) {
        remember(workloadKey, dispatch);
    }

    /**
     * Reports the copy's state unless it is what was reported last; a copy never reported is not reported REMOVED.
     * {@code objectVersion} is the copy's version when it was last seen as its binding says (written or checked), or null.
     */
    void report(String workloadKey, WorkState state, long generation, String message, String objectVersion) {
        WorkDispatch dispatch = WorkDispatch.newBuilder().setState(state).setGeneration(generation).setMessage(message)
                .setObjectVersion(objectVersion).build();
        WorkDispatch last = reported.get(workloadKey);
        if (state == WorkState.REMOVED ? last == null : Objects.equals(last, dispatch)) {
            return;
        }
        remember(workloadKey, dispatch);
        WorkStatusEvent event = WorkStatusEvent.newBuilder().setWorkloadKey(workloadKey).setCluster(cluster).setDispatch(dispatch)
                .setObservedAt(clock.instant()).build();
        producer.send(new ProducerRecord<>(topic.name(), workloadKey, topic.valueSerde().serializer().serialize(topic.name(), event)),
                (metadata, failure) -> {
                    if (failure != null) {
                        reported.remove(workloadKey, dispatch);
                        LOG.warn("cluster {}: could not report {} {}: {}", cluster, workloadKey, state, failure.toString());
                    }
                });
    }

    /**
     * The copy's version when it was last seen as its binding says, by this executor or (read back at start) an earlier
     * run; null when it was not.
     */
    String seenVersion(String workloadKey) {
        WorkDispatch last = reported.get(workloadKey);
        return last == null ? null : last.getObjectVersion();
    }

    /** The state last reported for the copy, or null. */
    WorkState last(String workloadKey) {
        WorkDispatch last = reported.get(workloadKey);
        return last == null ? null : last.getState();
    }

    private void remember(String workloadKey, WorkDispatch dispatch) {
        if (dispatch.getState() == WorkState.REMOVED) {
            reported.remove(workloadKey);
        } else {
            reported.put(workloadKey, dispatch);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }
}
