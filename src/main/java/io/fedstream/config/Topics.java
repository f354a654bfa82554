package io.fedstream.config;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.serde.AvroSerdes;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.avro.specific.SpecificRecord;

/**
 * Every {@link FedstreamTopic} bound to its configured name and serdes: keys are strings, values Avro in the Confluent
 * wire format (or raw bytes); the typed accessors are what topology code uses.
 */
public final class Topics {

    private final Map<FedstreamTopic, Topic<String, ?>> byTopic;

    private Topics(Map<FedstreamTopic, Topic<String, ?>> byTopic) {
        this.byTopic = byTopic;
    }

    /** Binds the configured names ({@link FedstreamConfig#topicNames()}) to string keys and registry-backed values. */
    public static Topics of(Map<FedstreamTopic, String> names, AvroSerdes avro) {
        Map<FedstreamTopic, Topic<String, ?>> byTopic = new EnumMap<>(FedstreamTopic.class);
        for (FedstreamTopic topic : FedstreamTopic.values()) {
            String name = names.get(topic);
            if (name == null) {
                throw new IllegalArgumentException("no name for topic " + topic.configKey());
            }
            byTopic.put(topic, bind(name, topic.valueType(), avro));
        }
        return new Topics(byTopic);
    }

    @SuppressWarnings("unchecked")
    private static <V> Topic<String, V> bind(String name, Class<V> valueType, AvroSerdes avro) {
        if (valueType == byte[].class) {
            return new Topic<>(name, Serdes.String(), (Serde<V>) Serdes.ByteArray(), valueType);
        }
        Serde<? extends SpecificRecord> values = avro.specific(valueType.asSubclass(SpecificRecord.class), false);
        return new Topic<>(name, Serdes.String(), (Serde<V>) values, valueType);
    }

    /** The topic, typed as its {@link FedstreamTopic#valueType()} says ({@link #of} built it so). */
    @SuppressWarnings("unchecked")
    private <V> Topic<String, V> get(FedstreamTopic topic) {
        return (Topic<String, V>) byTopic.get(topic);
    }

    public Topic<String, WorkloadEvent> workloads() {
        return get(FedstreamTopic.WORKLOADS);
    }

    public Topic<String, PolicyEvent> policies() {
        return get(FedstreamTopic.POLICIES);
    }

    public Topic<String, ClusterHealthEvent> clusterHealth() {
        return get(FedstreamTopic.CLUSTER_HEALTH);
    }

    public Topic<String, WorkloadStatusEvent> workloadStatus() {
        return get(FedstreamTopic.WORKLOAD_STATUS);
    }

    public Topic<String, byte[]> stateDeltas() {
        return get(FedstreamTopic.STATE_DELTAS);
    }

    public Topic<String, WorkloadUsage> workloadUsage() {
        return get(FedstreamTopic.WORKLOAD_USAGE);
    }

    public Topic<String, WorkloadRecommendation> recommendations() {
        return get(FedstreamTopic.RECOMMENDATIONS);
    }

    public Topic<String, MigrationEvent> migrationEvents() {
        return get(FedstreamTopic.MIGRATION_EVENTS);
    }

    public Topic<String, WorkStatusEvent> workStatus() {
        return get(FedstreamTopic.WORK_STATUS);
    }

    public Topic<String, ResourceBinding> bindings() {
        return get(FedstreamTopic.BINDINGS);
    }

    public Topic<String, QuotaStatus> quotaStatus() {
        return get(FedstreamTopic.QUOTA_STATUS);
    }

    public Topic<String, ClusterStateEvent> clusterState() {
        return get(FedstreamTopic.CLUSTER_STATE);
    }

    public Topic<String, MigrationCommand> migrations() {
        return get(FedstreamTopic.MIGRATIONS);
    }

    public Topic<String, AuditEvent> audit() {
        return get(FedstreamTopic.AUDIT);
    }

    public Topic<String, byte[]> deadLetters() {
        return get(FedstreamTopic.DLQ);
    }

    public Topic<String, ClusterWatch> clusterViews() {
        return get(FedstreamTopic.CLUSTER_VIEWS);
    }

    public Topic<String, ClusterStateEvent> clusterTransitions() {
        return get(FedstreamTopic.CLUSTER_TRANSITIONS);
    }

    public Topic<String, LeaseRequest> leaseRequests() {
        return get(FedstreamTopic.LEASE_REQUESTS);
    }

    public Topic<String, LeaseGrant> leaseGrants() {
        return get(FedstreamTopic.LEASE_GRANTS);
    }

    /** All topics, inputs first. */
    public List<Topic<?, ?>> all() {
        return Arrays.stream(FedstreamTopic.values()).<Topic<?, ?>>map(byTopic::get).toList();
    }
}
