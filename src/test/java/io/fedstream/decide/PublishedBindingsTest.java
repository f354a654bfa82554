package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * What a consumer of {@code fedstream.bindings} sees after a burst: one record per workload version, each a decision
 * (placed, rejected, or saying why it is not placed), never an intermediate "admitted, not placed yet" version.
 */
class PublishedBindingsTest extends FleetStageTest {

    private static final String QUOTA = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota","metadata":{"name":"q","namespace":"team-q"},
             "spec":{"overall":{"cpu":"10"}}}""";

    @Test
    void aBurstOfWorkloadsScaleUpsAndDeletionsPublishesOneBindingPerVersionAndEachIsADecision() {
        fleet = FleetDriver.threeClusters(stateDir);
        fleet.policy("FederatedResourceQuota/team-q/q", QUOTA).advance(Duration.ofSeconds(1));
        int versions = 0;
        for (String namespace : List.of("team-a", "team-b", "team-c", "team-d", "team-e")) {
            for (int i = 0; i < 40; i++) {
                fleet.deployment(namespace, "web-" + i, 1, "250m");
                versions++;
            }
        }
        for (int i = 0; i < 6; i++) {
            fleet.deployment("team-q", "job-" + i, 1, "2");
            versions++;
        }
        fleet.deployment("team-a", "too-big", 100, "1");
        versions++;
        for (int i = 0; i < 20; i++) {
            fleet.deployment("team-b", "web-" + i, 2, "250m");
            versions++;
        }
        for (int i = 0; i < 10; i++) {
            fleet.delete("apps/Deployment/team-c/web-" + i);
        }

        Map<String, List<ResourceBinding>> byWorkload = new LinkedHashMap<>();
        int tombstones = 0;
        for (TestRecord<String, ResourceBinding> record : fleet.published) {
            if (record.value() == null) {
                tombstones++;
            } else {
                byWorkload.computeIfAbsent(record.key(), key -> new ArrayList<>()).add(record.value());
            }
        }
        assertThat(byWorkload.values().stream().mapToInt(List::size).sum()).as("one binding per version").isEqualTo(versions);
        assertThat(tombstones).isEqualTo(10);
        byWorkload.forEach((key, bindings) -> assertThat(bindings).extracting(ResourceBinding::getGeneration).as(key)
                .doesNotHaveDuplicates().isSorted());
        assertThat(fleet.published).filteredOn(record -> record.value() != null).extracting(TestRecord::value)
                .allSatisfy(binding -> assertThat(binding.getAdmission().getState() != AdmissionState.ADMITTED
                        || binding.getPlacement() != null || binding.getUnplacedReason() != null)
                        .as("%s generation %s is a decision", binding.getWorkloadKey(), binding.getGeneration()).isTrue());
        assertThat(fleet.binding("apps/Deployment/team-q/job-5").getAdmission().getState()).isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding("apps/Deployment/team-a/too-big").getPlacement().getRoomNotes())
                .as("one active cluster beyond any cluster's room: placed as Karmada places it, the binding saying so").hasSize(1);
        assertThat(fleet.binding("apps/Deployment/team-b/web-0").getPlacement().getClusters()).isNotEmpty();
    }
}
