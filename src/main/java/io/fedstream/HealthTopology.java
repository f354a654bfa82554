package io.fedstream;

import io.fedstream.config.Topics;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.stage.WatchClustersStage;
import io.fedstream.metrics.FedstreamMetrics;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;

/**
 * The composition root of the health client's topology: the cluster watch alone, run by its own KafkaStreams client
 * (own application id, stream thread and state), so that no workload record ever waits in front of a heartbeat.
 */
public final class HealthTopology {

    private final Topics topics;
    private final InternalSerdes serdes;
    private final HealthSettings health;
    private final FedstreamMetrics metrics;

    public HealthTopology(Topics topics, InternalSerdes serdes, HealthSettings health, FedstreamMetrics metrics) {
        this.topics = topics;
        this.serdes = serdes;
        this.health = health;
        this.metrics = metrics;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = FedstreamTopology.strictBuilder();
        addTo(builder);
        return builder.build();
    }

    void addTo(StreamsBuilder builder) {
        new WatchClustersStage(topics, health, serdes.clusterWatches(), metrics).addTo(builder);
    }
}
