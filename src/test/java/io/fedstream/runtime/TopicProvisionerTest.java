package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import java.net.ServerSocket;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TopicProvisionerTest {

    @Test
    void everyTopicReadNextToAnInternalTopicIsChecked() {
        assertThat(TopicProvisioner.coPartitioned(TestFedstream.create().topics())).containsExactlyInAnyOrder(
                "fedstream.workloads", "fedstream.workload-status", "fedstream.state-deltas", "fedstream.migration-events",
                "fedstream.cluster-transitions", "fedstream.cluster-views", "fedstream.lease-requests", "fedstream.lease-grants",
                "fedstream.bindings", "fedstream.workload-usage", "fedstream.quota-status");
    }

    @Test
    void noBrokerAtTheAddressIsSaidSoNamingTheKeysToCheck() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (Fedstream fedstream = TestFedstream.create(Map.of("kafka.bootstrap.servers", "127.0.0.1:" + closedPort,
                "kafka.admin.default.api.timeout.ms", "1000", "kafka.admin.request.timeout.ms", "500"))) {

            assertThatThrownBy(() -> new TopicProvisioner(fedstream.config()).ensure(fedstream.topics()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("cannot create fedstream topics on 127.0.0.1:" + closedPort + ": no broker answered there in time (")
                    .hasMessageEndingWith("); check kafka.bootstrap.servers, or wait longer with kafka.admin.default.api.timeout.ms");
        }
    }

    @Test
    void aTopicWithAnotherPartitionCountIsNamedWithItsCount() {
        Map<String, Integer> counts = new TreeMap<>(Map.of("fedstream.bindings", 6, "fedstream.state-deltas", 12, "fedstream.cluster-health", 3));

        assertThat(TopicProvisioner.mismatches(counts, 6))
                .containsExactly("fedstream.cluster-health (3 partitions)", "fedstream.state-deltas (12 partitions)");
        assertThat(TopicProvisioner.mismatches(Map.of("fedstream.bindings", 6), 6)).isEmpty();
    }
}
