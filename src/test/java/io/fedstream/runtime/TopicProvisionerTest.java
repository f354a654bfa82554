package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.TestFedstream;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TopicProvisionerTest {

    @Test
    void everyTopicReadNextToAnInternalTopicIsChecked() {
        assertThat(TopicProvisioner.coPartitioned(TestFedstream.create().topics())).containsExactlyInAnyOrder(
                "fedstream.bindings", "fedstream.workload-status", "fedstream.state-deltas", "fedstream.migration-events",
                "fedstream.cluster-transitions", "fedstream.capacity-reservations");
    }

    @Test
    void aTopicWithAnotherPartitionCountIsNamedWithItsCount() {
        Map<String, Integer> counts = new TreeMap<>(Map.of("fedstream.bindings", 6, "fedstream.state-deltas", 12, "fedstream.cluster-health", 3));

        assertThat(TopicProvisioner.mismatches(counts, 6))
                .containsExactly("fedstream.cluster-health (3 partitions)", "fedstream.state-deltas (12 partitions)");
        assertThat(TopicProvisioner.mismatches(Map.of("fedstream.bindings", 6), 6)).isEmpty();
    }
}
