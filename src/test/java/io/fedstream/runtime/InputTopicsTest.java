package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The topics the reset command of a store in an earlier encoding names: what the workload client's threads read. */
class InputTopicsTest {

    @Test
    void theWorkloadClientsSourcesAreNamedWithoutItsInternalTopicsOrTheHealthInput() {
        Fedstream fedstream = TestFedstream.create();

        assertThat(StreamsRunner.inputTopics(fedstream.workloadTopology().describe(), fedstream.topics())).containsExactly(
                "fedstream.workloads", "fedstream.policies", "fedstream.workload-status", "fedstream.state-deltas",
                "fedstream.migration-events", "fedstream.workload-usage", "fedstream.work-status", "fedstream.bindings",
                "fedstream.quota-status", "fedstream.cluster-views", "fedstream.cluster-transitions", "fedstream.lease-requests",
                "fedstream.lease-grants");
    }

    @Test
    void configuredNamesAreTheOnesNamed() {
        Fedstream fedstream = TestFedstream.create(Map.of("topic.workloads", "team-a.workloads"));

        assertThat(StreamsRunner.inputTopics(fedstream.workloadTopology().describe(), fedstream.topics()))
                .contains("team-a.workloads").doesNotContain("fedstream.workloads");
    }
}
