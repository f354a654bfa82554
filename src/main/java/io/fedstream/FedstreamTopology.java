package io.fedstream;

import io.fedstream.admit.stage.AdmitStage;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.bind.BindStage;
import io.fedstream.config.Topics;
import io.fedstream.failover.stage.FleetSettings;
import io.fedstream.failover.stage.FleetStage;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.WatchClustersStage;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.place.stage.ClusterDirectory;
import io.fedstream.place.stage.ReserveCapacityStage;
import io.fedstream.policy.PolicyMirror;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.KStream;

/** The composition root of the topology: wires every stage of DESIGN.md, by constructor, into one Topology. */
public final class FedstreamTopology {

    private final Topics topics;
    private final InternalSerdes serdes;
    private final InterpreterExtensions interpreterExtensions;
    private final HealthSettings health;
    private final FleetSettings fleet;
    private final FedstreamMetrics metrics;

    public FedstreamTopology(Topics topics, InternalSerdes serdes, InterpreterExtensions interpreterExtensions,
                             HealthSettings health, FleetSettings fleet, FedstreamMetrics metrics) {
        this.topics = topics;
        this.serdes = serdes;
        this.interpreterExtensions = interpreterExtensions;
        this.health = health;
        this.fleet = fleet;
        this.metrics = metrics;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
        PolicyMirror policies = new PolicyMirror();
        policies.addTo(builder, topics.policies());
        ClusterDirectory.addTo(builder, topics.clusterViews());
        BindStage bind = new BindStage(topics, interpreterExtensions, policies, metrics);
        KStream<String, WorkloadEvent> workloads = bind.source(builder);
        KStream<String, AdmissionRequest> requests = bind.addTo(builder, workloads);
        KStream<String, ClusterStateEvent> transitions = new WatchClustersStage(topics, health, serdes.clusterWatches(), metrics).addTo(builder);
        KStream<String, ReservationAnswer> answers =
                new ReserveCapacityStage(topics, fleet.reservationTtl(), serdes.reservations()).addTo(builder);
        KStream<String, AdmissionRequest> placements =
                new FleetStage(topics, fleet, serdes.reservationAnswers(), serdes.migrationRecords(), policies, metrics)
                        .addTo(builder, transitions, answers);
        new AdmitStage(topics, serdes.admissionRequests(), policies, fleet.partitions(), metrics).addTo(builder, workloads, requests, placements);
        return builder.build();
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
