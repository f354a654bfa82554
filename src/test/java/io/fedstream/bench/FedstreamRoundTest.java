package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import org.junit.jupiter.api.Test;

class FedstreamRoundTest {

    @Test
    void everyRoundWritesToTopicsOfItsOwnAndReadsTheSharedWorkloadsAndPolicies() {
        assertThat(FedstreamRound.roundTopicKeys())
                .containsEntry(FedstreamConfig.TOPIC_BINDINGS, "fedstream.bindings")
                .containsEntry(FedstreamConfig.TOPIC_CLUSTER_HEALTH, "fedstream.cluster-health")
                .containsEntry(FedstreamConfig.TOPIC_CLUSTER_VIEWS, "fedstream.cluster-views")
                .containsEntry(FedstreamConfig.TOPIC_MIGRATIONS, "fedstream.migrations")
                .doesNotContainKeys(FedstreamConfig.TOPIC_WORKLOADS, FedstreamConfig.TOPIC_POLICIES, FedstreamConfig.TOPIC_PARTITIONS);
    }
}
