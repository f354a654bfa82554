package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import org.junit.jupiter.api.Test;

class FedstreamRoundTest {

    @Test
    void everyRoundWritesToTopicsOfItsOwnAndReadsTheSharedWorkloadsAndPolicies() {
        assertThat(FedstreamRound.roundTopicKeys())
                .containsEntry(FedstreamTopic.BINDINGS.configKey(), "fedstream.bindings")
                .containsEntry(FedstreamTopic.CLUSTER_HEALTH.configKey(), "fedstream.cluster-health")
                .containsEntry(FedstreamTopic.CLUSTER_VIEWS.configKey(), "fedstream.cluster-views")
                .containsEntry(FedstreamTopic.MIGRATIONS.configKey(), "fedstream.migrations")
                .doesNotContainKeys(FedstreamTopic.WORKLOADS.configKey(), FedstreamTopic.POLICIES.configKey(), FedstreamConfig.TOPIC_PARTITIONS);
    }
}
