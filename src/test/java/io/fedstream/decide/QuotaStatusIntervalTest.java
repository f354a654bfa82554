package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.QuotaStatus;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admit stage writes each quota's status once per status interval, for the namespaces that changed in it (issue 11). */
class QuotaStatusIntervalTest {

    @TempDir Path stateDir;

    private AdmitDriver fleet;

    @BeforeEach
    void twoQuotasInTeamAAndOneInTeamBWritten() {
        fleet = new AdmitDriver(stateDir)
                .quota("team-a", "cpu", "cpu=10")
                .quota("team-a", "memory", "memory=10Gi")
                .quota("team-b", "cpu", "cpu=10")
                .tick().writeStatuses();
        assertThat(fleet.statuses).containsOnlyKeys("team-a/cpu", "team-a/memory", "team-b/cpu");
        fleet.statusHistory.clear();
    }

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void manyDecisionsInOneIntervalWriteOneStatusPerQuotaWithTheLastState() {
        for (int i = 0; i < 5; i++) {
            fleet.deployment("team-a", "w" + i, 1, "1", "1Gi");
        }
        assertThat(fleet.statusHistory).as("nothing before the interval ends").isEmpty();

        fleet.writeStatuses();

        assertThat(fleet.statusHistory).extracting(s -> s.getNamespace() + "/" + s.getName())
                .containsExactly("team-a/cpu", "team-a/memory");
        assertThat(fleet.status("team-a", "cpu").getUsed()).containsEntry("cpu", "5");
        assertThat(fleet.status("team-a", "cpu").getAdmittedCount()).isEqualTo(5);
        assertThat(fleet.status("team-a", "memory").getUsed()).containsEntry("memory", "5Gi");
    }

    @Test
    void eachNamespaceThatChangedGetsItsStatusesAndNoOther() {
        fleet.deployment("team-a", "a", 2, "1", "1Gi").deployment("team-b", "b", 3, "1", "1Gi").writeStatuses();

        assertThat(fleet.statusHistory).extracting(s -> s.getNamespace() + "/" + s.getName())
                .containsExactly("team-a/cpu", "team-a/memory", "team-b/cpu");
        assertThat(fleet.status("team-a", "cpu").getUsed()).containsEntry("cpu", "2");
        assertThat(fleet.status("team-b", "cpu").getUsed()).containsEntry("cpu", "3");
        fleet.statusHistory.clear();

        fleet.deployment("team-b", "b", 4, "1", "1Gi").writeStatuses();

        assertThat(fleet.statusHistory).singleElement().satisfies(status -> {
            assertThat(status.getNamespace() + "/" + status.getName()).isEqualTo("team-b/cpu");
            assertThat(status.getUsed()).containsEntry("cpu", "4");
        });
    }

    @Test
    void withoutADecisionNoStatusIsWritten() {
        fleet.writeStatuses().writeStatuses();
        fleet.delete("apps/Deployment/team-a/never-applied").writeStatuses();

        assertThat(fleet.statusHistory).isEmpty();
    }

    @Test
    void aStatusIsStampedWithTheTimeItIsWritten() {
        fleet.deployment("team-a", "a", 1, "1", "1Gi");

        fleet.writeStatuses();

        QuotaStatus written = fleet.status("team-a", "cpu");
        assertThat(written.getUpdatedAt()).isEqualTo(fleet.now());
        assertThat(Map.copyOf(written.getUsed())).containsEntry("cpu", "1");
    }
}
