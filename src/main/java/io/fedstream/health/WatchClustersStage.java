package io.fedstream.health;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.metrics.FedstreamMetrics;
import java.util.Map;
import io.fedstream.config.Topics;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * Stage 5 of DESIGN.md, partitioned by cluster: heartbeats from {@code fedstream.cluster-health} and a wall-clock
 * check drive each cluster's life cycle; transitions go to {@code fedstream.cluster-state} and {@code fedstream.audit}.
 */
public final class WatchClustersStage {

    /** Cluster name to its {@link ClusterWatch}; part of the query API's contract. */
    public static final String STORE = "cluster-states-store";

    private final Topics topics;
    private final HealthSettings settings;
    private final Serde<ClusterWatch> watchSerde;
    private final FedstreamMetrics metrics;

    public WatchClustersStage(Topics topics, HealthSettings settings, Serde<ClusterWatch> watchSerde, FedstreamMetrics metrics) {
        this.metrics = metrics;
        this.topics = topics;
        this.settings = settings;
        this.watchSerde = watchSerde;
    }

    /** Adds the stage; returns its transitions (also written to {@code fedstream.cluster-state}) for the fail-over stage. */
    public KStream<String, ClusterStateEvent> addTo(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), watchSerde).withCachingEnabled());
        String healthTopic = topics.clusterHealth().name();
        KStream<String, HealthOutcome> outcomes = builder
                .stream(healthTopic, topics.clusterHealth().consumedAs("cluster-health-source"))
                .process(() -> new WatchClustersProcessor(settings, healthTopic, topics.clusterHealth().valueSerde().serializer(), metrics),
                        Named.as("watch-clusters"), STORE);

        Map<String, KStream<String, HealthOutcome>> routes = outcomes.split(Named.as("watch-clusters-route"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.Transition, Branched.as("-to-cluster-state"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.View, Branched.withConsumer(
                        views -> views
                                .mapValues(outcome -> ((HealthOutcome.View) outcome).watch(), Named.as("cluster-view-value"))
                                .to(topics.clusterViews().name(), topics.clusterViews().producedAs("cluster-views-sink")),
                        "-to-cluster-views"))
                .branch((key, outcome) -> outcome instanceof HealthOutcome.Audit, Branched.withConsumer(
                        audit -> audit
                                .mapValues(outcome -> ((HealthOutcome.Audit) outcome).event(), Named.as("health-audit-value"))
                                .to(topics.audit().name(), topics.audit().producedAs("health-audit-sink")),
                        "-to-audit"))
                .defaultBranch(Branched.withConsumer(
                        deadLetters -> deadLetters
                                .mapValues(outcome -> ((HealthOutcome.DeadLettered) outcome).originalValue(), Named.as("health-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("health-dead-letters-sink")),
                        "-to-dead-letters"));
        KStream<String, ClusterStateEvent> transitions = routes.get("watch-clusters-route-to-cluster-state")
                .mapValues(outcome -> ((HealthOutcome.Transition) outcome).event(), Named.as("cluster-state-value"));
        transitions.to(topics.clusterState().name(), topics.clusterState().producedAs("cluster-state-sink"));
        return transitions;
    }
}
