package io.fedstream;

import io.fedstream.admit.stage.AdmitSettings;
import io.fedstream.admit.stage.AdmitStage;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.bind.BindStage;
import io.fedstream.config.Topics;
import io.fedstream.failover.stage.PlaceFailoverSettings;
import io.fedstream.failover.stage.PlaceFailoverStage;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.mirror.ClusterDirectory;
import io.fedstream.mirror.ClusterViewChanges;
import io.fedstream.mirror.PolicyMirror;
import io.fedstream.mirror.SelectableClusterChanges;
import io.fedstream.recommend.RecommendationSettings;
import io.fedstream.recommend.stage.RightsizeStage;
import io.fedstream.reserve.ReserveCapacityStage;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.KStream;

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
    private final FedstreamMetrics metrics;

    public FedstreamTopology(Topics topics, InternalSerdes serdes, InterpreterExtensions interpreterExtensions,
                             AdmitSettings admission, PlaceFailoverSettings fleet, FedstreamMetrics metrics) {
        this.topics = topics;
        this.serdes = serdes;
        this.interpreterExtensions = interpreterExtensions;
        this.admission = admission;
        this.fleet = fleet;
        this.metrics = metrics;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = strictBuilder();
        addTo(builder);
        return builder.build();
    }

    /** A builder that refuses (TopologyException) any node, store or internal topic left with a generated name. */
    static StreamsBuilder strictBuilder() {
        return new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
    }

    /** Adds every stage but the cluster watch, which runs in its own client ({@link HealthTopology}). */
    void addTo(StreamsBuilder builder) {
        PolicyMirror policies = new PolicyMirror();
        policies.addTo(builder, topics.policies());
        SelectableClusterChanges clusterChanges = new SelectableClusterChanges();
        ClusterViewChanges viewChanges = new ClusterViewChanges();
        ClusterDirectory.addTo(builder, topics.clusterViews(), clusterChanges, viewChanges);
        BindStage bind = new BindStage(topics, interpreterExtensions, policies, metrics, clusterChanges);
        KStream<String, WorkloadEvent> workloads = bind.source(builder);
        KStream<String, AdmissionRequest> requests = bind.addTo(builder, workloads);
        KStream<String, ReservationAnswer> answers =
                new ReserveCapacityStage(topics, fleet.reservationTtl(), serdes.reservations()).addTo(builder);
        KStream<String, AdmissionRequest> placements =
                new PlaceFailoverStage(topics, fleet, serdes.reservationAnswers(), serdes.placeFailoverStores(), policies, viewChanges, metrics)
                        .addTo(builder, answers);
        new AdmitStage(topics, serdes.admissionRequests(), policies, fleet.partitions(), admission, metrics).addTo(builder, workloads, requests, placements);
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
