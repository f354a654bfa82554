package io.fedstream;

import io.fedstream.decide.AdmitSettings;
import io.fedstream.config.Topics;
import io.fedstream.decide.NamespaceStage;
import io.fedstream.decide.PlaceFailoverSettings;
import io.fedstream.decide.PoliciesAtStart;
import io.fedstream.decide.TaskClusterViews;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.lease.LeaseSettings;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.recommend.RecommendationSettings;
import io.fedstream.recommend.stage.RightsizeStage;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;

/**
 * The composition root of the workload client's topology: wires every stage of DESIGN.md but the cluster watch, by
 * constructor, into one Topology.
 */
public final class FedstreamTopology {

    private final Topics topics;
    private final InternalSerdes serdes;
    private final InterpreterExtensions interpreterExtensions;
    private final AdmitSettings admission;
    private final PlaceFailoverSettings fleet;
    private final LeaseSettings leases;
    private final PoliciesAtStart policiesAtStart;
    private final FedstreamMetrics metrics;

    public FedstreamTopology(Topics topics, InternalSerdes serdes, InterpreterExtensions interpreterExtensions,
                             AdmitSettings admission, PlaceFailoverSettings fleet, LeaseSettings leases, PoliciesAtStart policiesAtStart,
                             FedstreamMetrics metrics) {
        this.topics = topics;
        this.serdes = serdes;
        this.interpreterExtensions = interpreterExtensions;
        this.admission = admission;
        this.fleet = fleet;
        this.leases = leases;
        this.policiesAtStart = policiesAtStart;
        this.metrics = metrics;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = strictBuilder();
        addTo(builder);
        return optimized(builder);
    }

    /**
     * Builds what {@code builder} holds with the optimization the stages rely on: the namespace tasks' cluster views
     * restored from the cluster-views topic itself, with no changelog of their own ({@link TaskClusterViews#OPTIMIZATION}).
     */
    static Topology optimized(StreamsBuilder builder) {
        Properties optimization = new Properties();
        optimization.put(StreamsConfig.TOPOLOGY_OPTIMIZATION_CONFIG, TaskClusterViews.OPTIMIZATION);
        return builder.build(optimization);
    }

    /** A builder that refuses (TopologyException) any node, store or internal topic left with a generated name. */
    static StreamsBuilder strictBuilder() {
        return new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
    }

    /** Adds every stage but the cluster watch, which runs in its own client ({@link HealthTopology}). */
    void addTo(StreamsBuilder builder) {
        new NamespaceStage(topics, interpreterExtensions, fleet, admission, leases, serdes.placeFailoverStores(),
                new NamespaceStage.LeaseSerdes(serdes.leases(), serdes.leaseBooks()), policiesAtStart, metrics).addTo(builder);
        new RightsizeStage(topics, serdes.usageHistories(), RecommendationSettings.vpaDefaults(), metrics).addTo(builder);
        new WorkStatusStage(topics.workStatus()).addTo(builder);
    }

    private static Properties namingRules() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "fedstream-topology");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        // As the application's own properties say: without it Kafka Streams warns at every build that the global
        // thread has no processing handler, though fedstream runs with one.
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        return properties;
    }
}
