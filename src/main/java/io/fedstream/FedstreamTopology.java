package io.fedstream;

import io.fedstream.admit.stage.AdmitStage;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.bind.BindStage;
import io.fedstream.config.Topics;
import io.fedstream.health.HealthSettings;
import io.fedstream.health.WatchClustersStage;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.policy.PolicyMirror;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.KStream;

/** The composition root of the topology: wires every stage of DESIGN.md, by constructor, into one Topology. */
public final class FedstreamTopology {

    private final Topics topics;
    private final Serde<AdmissionRequest> admissionRequests;
    private final InterpreterExtensions interpreterExtensions;
    private final HealthSettings health;
    private final Serde<ClusterWatch> clusterWatches;

    public FedstreamTopology(Topics topics, Serde<AdmissionRequest> admissionRequests, InterpreterExtensions interpreterExtensions,
                             HealthSettings health, Serde<ClusterWatch> clusterWatches) {
        this.topics = topics;
        this.admissionRequests = admissionRequests;
        this.interpreterExtensions = interpreterExtensions;
        this.health = health;
        this.clusterWatches = clusterWatches;
    }

    /** Builds the topology; refuses (TopologyException) any node, store or internal topic left with a generated name. */
    public Topology build() {
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(namingRules())));
        PolicyMirror policies = new PolicyMirror();
        policies.addTo(builder, topics.policies());
        BindStage bind = new BindStage(topics, interpreterExtensions, policies);
        KStream<String, WorkloadEvent> workloads = bind.source(builder);
        KStream<String, AdmissionRequest> requests = bind.addTo(builder, workloads);
        new AdmitStage(topics, admissionRequests, policies).addTo(builder, workloads, requests);
        new WatchClustersStage(topics, health, clusterWatches).addTo(builder);
        return builder.build();
    }

    private static Properties namingRules() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "fedstream-topology");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        return properties;
    }
}
