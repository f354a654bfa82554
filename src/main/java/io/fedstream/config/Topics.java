package io.fedstream.config;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.serde.AvroSerdes;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/** Every topic of DESIGN.md with its name and serdes; keys are strings, values Avro in the Confluent wire format. */
public record Topics(
        Topic<String, WorkloadEvent> workloads,
        Topic<String, PolicyEvent> policies,
        Topic<String, ClusterHealthEvent> clusterHealth,
        Topic<String, WorkloadStatusEvent> workloadStatus,
        Topic<String, byte[]> stateDeltas,
        Topic<String, ResourceBinding> bindings,
        Topic<String, QuotaStatus> quotaStatus,
        Topic<String, ClusterStateEvent> clusterState,
        Topic<String, MigrationCommand> migrations,
        Topic<String, MigrationEvent> migrationEvents,
        Topic<String, AuditEvent> audit,
        Topic<String, byte[]> deadLetters,
        Topic<String, ReservationRequest> capacityReservations,
        Topic<String, ClusterWatch> clusterViews,
        Topic<String, ClusterStateEvent> clusterTransitions) {

    /** Binds the configured names to string keys and registry-backed Avro values. */
    public static Topics of(TopicNames names, AvroSerdes avro) {
        Serde<String> key = Serdes.String();
        return new Topics(
                new Topic<>(names.workloads(), key, avro.specific(WorkloadEvent.class, false), WorkloadEvent.class),
                new Topic<>(names.policies(), key, avro.specific(PolicyEvent.class, false), PolicyEvent.class),
                new Topic<>(names.clusterHealth(), key, avro.specific(ClusterHealthEvent.class, false), ClusterHealthEvent.class),
                new Topic<>(names.workloadStatus(), key, avro.specific(WorkloadStatusEvent.class, false), WorkloadStatusEvent.class),
                new Topic<>(names.stateDeltas(), key, Serdes.ByteArray(), byte[].class),
                new Topic<>(names.bindings(), key, avro.specific(ResourceBinding.class, false), ResourceBinding.class),
                new Topic<>(names.quotaStatus(), key, avro.specific(QuotaStatus.class, false), QuotaStatus.class),
                new Topic<>(names.clusterState(), key, avro.specific(ClusterStateEvent.class, false), ClusterStateEvent.class),
                new Topic<>(names.migrations(), key, avro.specific(MigrationCommand.class, false), MigrationCommand.class),
                new Topic<>(names.migrationEvents(), key, avro.specific(MigrationEvent.class, false), MigrationEvent.class),
                new Topic<>(names.audit(), key, avro.specific(AuditEvent.class, false), AuditEvent.class),
                new Topic<>(names.deadLetters(), key, Serdes.ByteArray(), byte[].class),
                new Topic<>(names.capacityReservations(), key, avro.specific(ReservationRequest.class, false), ReservationRequest.class),
                new Topic<>(names.clusterViews(), key, avro.specific(ClusterWatch.class, false), ClusterWatch.class),
                new Topic<>(names.clusterTransitions(), key, avro.specific(ClusterStateEvent.class, false), ClusterStateEvent.class));
    }

    /** All topics, inputs first. */
    public List<Topic<?, ?>> all() {
        return List.of(
                workloads, policies, clusterHealth, workloadStatus, stateDeltas, migrationEvents,
                bindings, quotaStatus, clusterState, migrations, audit, deadLetters, capacityReservations, clusterViews,
                clusterTransitions);
    }
}
