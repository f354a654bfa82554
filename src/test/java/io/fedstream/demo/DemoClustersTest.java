package io.fedstream.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The demo's simulated clusters can take what the sample fleet asks for. */
class DemoClustersTest {

    @Test
    void everyResourceTheSampleFleetRequestsIsAllocatableOnTheDemoClusters() {
        Interpreter interpreter = Interpreter.builtIn();
        Set<String> requested = new TreeSet<>();
        for (WorkloadEvent event : DemoFleet.load().upserts(Instant.EPOCH).values()) {
            Interpretation interpretation = interpreter.interpret(event.getManifest());
            interpretation.total().amounts().forEach((resource, amount) -> {
                if (amount > 0) {
                    requested.add(resource);
                }
            });
        }

        ClusterHealthEvent heartbeat = DemoClusters.heartbeat("member-1", Instant.EPOCH);

        assertThat(requested).contains("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu");
        assertThat(heartbeat.getAllocatable().keySet()).containsAll(requested);
    }
}
