package io.fedstream.health.stage;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.config.Topics;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.HeartbeatCheck;
import io.fedstream.metrics.FedstreamMetrics;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.state.Stores;

/**
 * Stage 5 of DESIGN.md, the health client's whole topology: heartbeats from {@code fedstream.cluster-health} pass a
 * gate (partitioned by cluster), then go onto one partition, where one task watches every cluster; transitions go to
 * {@code fedstream.cluster-state}, to every partition of the cluster-transitions topic (for the fail-over stage, with
 * the migration brake) and to {@code fedstream.audit}; views to {@code fedstream.cluster-views}.
 */
public final class WatchClustersStage {

    /** Cluster name to its {@link ClusterWatch}; part of the query API's contract. */
    public static final String STORE = "cluster-states-store";
    /**
     * Every heartbeat on one partition: the watch's clock (the latest heartbeat time of any cluster), the lag rule and
     * the brake are decisions over all clusters at once, so one task makes them in one order.
     */
    public static final String HEARTBEATS_TOPIC = "cluster-heartbeats";

    private final Topics topics;
    private final HealthSettings settings;
    private final Serde<ClusterWatch> watchSerde;
    private final FedstreamMetrics metrics;

    public WatchClustersStage(Topics topics, HealthSettings settings, Serde<ClusterWatch> watchSerde, FedstreamMetrics metrics) {
        this.topics = topics;
        this.settings = settings;
        this.watchSerde = watchSerde;
        this.metrics = metrics;
    }

    /** The internal topic the watch task reads, as the health client with this application id names it. */
    public static String heartbeatsTopic(String healthApplicationId) {
        return healthApplicationId + "-" + HEARTBEATS_TOPIC + "-repartition";
    }

    /** Adds the stage. */
    public void addTo(StreamsBuilder builder) {
        // One watch per member cluster: in memory, restored from its changelog (a RocksDB store costs about 50 ms to open at start).
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), watchSerde).withCachingEnabled());
        String healthTopic = topics.clusterHealth().name();
        Map<String, KStream<String, HealthOutcome>> gated = builder
                .stream(healthTopic, topics.clusterHealth().consumedAs("cluster-health-source"))
                .process(() -> new HeartbeatGate(new HeartbeatCheck(settings), healthTopic, topics.clusterHealth().valueSerde().serializer()),
                        Named.as("check-heartbeats"))
                .split(Named.as("check-heartbeats-route"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.Checked, Branched.as("-to-watch"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((HealthOutcome.DeadLettered) outcome).originalValue(), Named.as("health-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("health-dead-letters-sink")),
                        "-to-dead-letters"));
        KStream<String, HealthOutcome> outcomes = gated.get("check-heartbeats-route-to-watch")
                .mapValues(outcome -> ((HealthOutcome.Checked) outcome).heartbeat(), Named.as("checked-heartbeat"))
                .repartition(Repartitioned.with(Serdes.String(), topics.clusterHealth().valueSerde())
                        .withName(HEARTBEATS_TOPIC)
                        .withNumberOfPartitions(1))
                .process(() -> new WatchClustersProcessor(settings, healthTopic, metrics), Named.as("watch-clusters"), STORE);

        Map<String, KStream<String, HealthOutcome>> routes = outcomes.split(Named.as("watch-clusters-route"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.Transition, Branched.as("-to-cluster-state"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.Reannounced, Branched.withConsumer(
                        again -> again
                                .mapValues(outcome -> ((HealthOutcome.Reannounced) outcome).event(), Named.as("reannounced-state-value"))
                                .to(topics.clusterTransitions().name(), toEveryPartition("reannounced-transitions-sink")),
                        "-to-transitions"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.View, Branched.withConsumer(
                        views -> views
                                .mapValues(outcome -> ((HealthOutcome.View) outcome).watch(), Named.as("cluster-view-value"))
                                .to(topics.clusterViews().name(), topics.clusterViews().producedAs("cluster-views-sink")
                                        .withStreamPartitioner(everyPartition())),
                        "-to-cluster-views"))
                .defaultBranch(Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((HealthOutcome.Audit) outcome).event(), Named.as("health-audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("health-audit-sink")),
                        "-to-audit"));
        KStream<String, ClusterStateEvent> transitions = routes.get("watch-clusters-route-to-cluster-state")
                .mapValues(outcome -> ((HealthOutcome.Transition) outcome).event(), Named.as("cluster-state-value"));
        transitions.to(topics.clusterState().name(), topics.clusterState().producedAs("cluster-state-sink"));
        transitions.to(topics.clusterTransitions().name(), toEveryPartition("cluster-transitions-sink"));
    }

    /** Every workload partition hears every transition. */
    private Produced<String, ClusterStateEvent> toEveryPartition(String sinkName) {
        return topics.clusterTransitions().producedAs(sinkName).withStreamPartitioner(everyPartition());
    }

    /** Every namespace task hears every transition and keeps every cluster's view; a cluster's allocator keeps its own. */
    private static <V> StreamPartitioner<String, V> everyPartition() {
        return (topic, key, value, partitions) -> Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toUnmodifiableSet()));
    }
}
