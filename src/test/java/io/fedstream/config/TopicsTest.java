package io.fedstream.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
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
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each typed accessor of {@link Topics} is the topic its name says, with the configured name and the value type declared once. */
class TopicsTest {

    private final Topics topics = Topics.of(FedstreamConfig.of(Map.of("topic.bindings", "my.bindings")).topicNames(),
            new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()));

    @Test
    void everyAccessorIsItsOwnTopic() {
        assertThat(topics.workloads()).satisfies(t -> is(t, "fedstream.workloads", WorkloadEvent.class));
        assertThat(topics.policies()).satisfies(t -> is(t, "fedstream.policies", PolicyEvent.class));
        assertThat(topics.clusterHealth()).satisfies(t -> is(t, "fedstream.cluster-health", ClusterHealthEvent.class));
        assertThat(topics.workloadStatus()).satisfies(t -> is(t, "fedstream.workload-status", WorkloadStatusEvent.class));
        assertThat(topics.stateDeltas()).satisfies(t -> is(t, "fedstream.state-deltas", byte[].class));
        assertThat(topics.migrationEvents()).satisfies(t -> is(t, "fedstream.migration-events", MigrationEvent.class));
        assertThat(topics.workStatus()).satisfies(t -> is(t, "fedstream.work-status", WorkStatusEvent.class));
        assertThat(topics.bindings()).satisfies(t -> is(t, "my.bindings", ResourceBinding.class));
        assertThat(topics.quotaStatus()).satisfies(t -> is(t, "fedstream.quota-status", QuotaStatus.class));
        assertThat(topics.clusterState()).satisfies(t -> is(t, "fedstream.cluster-state", ClusterStateEvent.class));
        assertThat(topics.migrations()).satisfies(t -> is(t, "fedstream.migrations", MigrationCommand.class));
        assertThat(topics.audit()).satisfies(t -> is(t, "fedstream.audit", AuditEvent.class));
        assertThat(topics.deadLetters()).satisfies(t -> is(t, "fedstream.dlq", byte[].class));
        assertThat(topics.clusterViews()).satisfies(t -> is(t, "fedstream.cluster-views", ClusterWatch.class));
        assertThat(topics.clusterTransitions()).satisfies(t -> is(t, "fedstream.cluster-transitions", ClusterStateEvent.class));
        assertThat(topics.leaseRequests()).satisfies(t -> is(t, "fedstream.lease-requests", LeaseRequest.class));
        assertThat(topics.leaseGrants()).satisfies(t -> is(t, "fedstream.lease-grants", LeaseGrant.class));
    }

    @Test
    void allListsEveryTopicOnceInputsFirst() {
        assertThat(topics.all()).extracting(Topic::name).doesNotHaveDuplicates().hasSize(FedstreamTopic.values().length)
                .startsWith("fedstream.workloads", "fedstream.policies", "fedstream.cluster-health", "fedstream.workload-status",
                        "fedstream.state-deltas", "fedstream.migration-events", "fedstream.workload-usage", "fedstream.work-status");
    }

    @Test
    void anAvroTopicRoundTripsItsValues() {
        ClusterStateEvent event = ClusterStateEvent.newBuilder().setCluster("dc-1").setState(ClusterState.READY)
                .setReason("Joined").setTransitionAt(Instant.ofEpochMilli(1)).build();
        Topic<String, ClusterStateEvent> transitions = topics.clusterTransitions();
        byte[] bytes = transitions.valueSerde().serializer().serialize(transitions.name(), event);
        assertThat(transitions.valueSerde().deserializer().deserialize(transitions.name(), bytes)).isEqualTo(event);
    }

    private static void is(Topic<String, ?> topic, String name, Class<?> valueType) {
        assertThat(topic.name()).isEqualTo(name);
        assertThat(topic.valueType()).isEqualTo(valueType);
    }
}
