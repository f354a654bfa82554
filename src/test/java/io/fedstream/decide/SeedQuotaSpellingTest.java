package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's FederatedResourceQuota spelling ({@code spec.hard}) through the admit stage on TopologyTestDriver. */
class SeedQuotaSpellingTest {

    private static final String A = "apps/Deployment/team-a/a";
    private static final QuotaNote READ_AS_OVERALL = QuotaNote.newBuilder().setField("spec.hard")
            .setText("read as spec.overall (the seed's spelling; Karmada v1.15 names the overall limits spec.overall)").build();

    @TempDir Path stateDir;

    private AdmitDriver fleet;

    @BeforeEach
    void start() {
        fleet = new AdmitDriver(stateDir);
    }

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void specHardLimitsAsSpecOverallAndTheStatusSaysSo() {
        fleet.quotaManifest("team-a", "q", seedQuota("{\"cpu\":\"2\"}"));
        fleet.deployment("team-a", "a", 3, "1", "1Gi").writeStatuses();

        assertThat(fleet.binding(A).getAdmission().getState()).as("3 cpu against a hard limit of 2").isEqualTo(AdmissionState.REJECTED);
        assertThat(fleet.binding(A).getAdmission().getReason()).isEqualTo("exceeded quota team-a/q: requested cpu=3, used cpu=0, limited cpu=2");
        QuotaStatus status = fleet.status("team-a", "q");
        assertThat(status.getHard()).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "2"));
        assertThat(status.getNotes()).containsExactly(READ_AS_OVERALL);
        assertThat(status.getProblems()).isEmpty();
        QuotaReport report = new QuotaReader(fleet::store, Clock.systemUTC()).inNamespace("team-a").get(0);
        assertThat(report.status().getNotes()).as("the query API reads the same note").containsExactly(READ_AS_OVERALL);
        assertThat(report.inForce()).hasValueSatisfying(q -> assertThat(q.overall().toQuantities()).containsExactly(entry("cpu", "2")));
    }

    @Test
    void aRefusedLaterVersionKeepsTheNoteOfTheVersionInForceAndAKarmadaSpellingDropsIt() {
        fleet.quotaManifest("team-a", "q", seedQuota("{\"cpu\":\"2\"}")).tick();
        fleet.quotaManifest("team-a", "q", """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"q","namespace":"team-a"},"spec":{"overall":{"cpu":"8"},"hard":{"cpu":"8"}}}""").tick().writeStatuses();

        QuotaStatus refused = fleet.status("team-a", "q");
        assertThat(refused.getHard()).as("the seed-spelled version stays in force").containsEntry("cpu", "2");
        assertThat(refused.getNotes()).containsExactly(READ_AS_OVERALL);
        assertThat(refused.getProblems()).singleElement().satisfies(p -> {
            assertThat(p.getField()).isEqualTo("spec.hard");
            assertThat(p.getReason()).isEqualTo("is the seed's spelling of spec.overall; give spec.overall or spec.hard, not both");
        });
        assertThat(fleet.deadLetters).singleElement().satisfies(letter ->
                assertThat(new String(letter.headers().lastHeader("field").value(), StandardCharsets.UTF_8)).isEqualTo("spec.hard"));

        fleet.quota("team-a", "q", "cpu=4").tick().writeStatuses();

        QuotaStatus karmada = fleet.status("team-a", "q");
        assertThat(karmada.getHard()).containsEntry("cpu", "4");
        assertThat(karmada.getNotes()).isEmpty();
        assertThat(karmada.getProblems()).isEmpty();
    }

    private static String seedQuota(String hard) {
        return """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"q","namespace":"team-a"},"spec":{"hard":%s}}""".formatted(hard);
    }
}
