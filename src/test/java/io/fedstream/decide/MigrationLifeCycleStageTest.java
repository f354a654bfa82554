package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.api.TestStores;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.avro.WorkloadRecord;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A migration command's life-cycle in its workload's record ({@code WorkloadRecord.migrations}): issued, advanced by the
 * executor's reports, kept across a task restart, listed by the query API from the record, gone with the workload.
 */
class MigrationLifeCycleStageTest extends FleetStageTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String TOKEN = "t0ken";
    private static final ObjectMapper JSON = new ObjectMapper();

    private MigrationCommand failedOver() {
        fleet = FleetDriver.threeClusters(stateDir).deployment("team-a", "web", 2, "1");
        fleet.silence("dc-1").advance(Duration.ofSeconds(17));
        return fleet.commandsFor(WEB).get(0);
    }

    @Test
    void aMigrationsPhasesAreInItsWorkloadsRecordAndInGetMigrationsAcrossATaskRestart() throws Exception {
        MigrationCommand command = failedOver();
        String id = command.getCommandId();
        assertThat(phases()).isEqualTo(Map.of(id, MigrationRecordPhase.ISSUED));
        assertThat(listed()).containsExactly(id + " ISSUED");
        assertThat(gauged("ISSUED")).isEqualTo(1);

        fleet.report(command, MigrationPhase.STARTED, null);
        assertThat(phases()).isEqualTo(Map.of(id, MigrationRecordPhase.STARTED));
        assertThat(gauged("ISSUED")).isZero();
        assertThat(gauged("STARTED")).isEqualTo(1);

        fleet = fleet.restarted();
        assertThat(phases()).as("restored with the workload's record").isEqualTo(Map.of(id, MigrationRecordPhase.STARTED));
        assertThat(listed()).containsExactly(id + " STARTED");
        assertThat(gauged("STARTED")).as("counted again by the walk of the records at the task's start").isEqualTo(1);

        fleet.report(command, MigrationPhase.COMPLETED, "moved");
        MigrationRecord completed = fleet.migration(id);
        assertThat(completed.getPhase()).isEqualTo(MigrationRecordPhase.COMPLETED);
        assertThat(completed.getReason()).isEqualTo("moved");
        assertThat(completed.getUpdatedAt()).isEqualTo(fleet.now());
        assertThat(completed.getCommand()).isEqualTo(command);
        assertThat(listed()).containsExactly(id + " COMPLETED");
        assertThat(fleet.placement(WEB)).isEqualTo("dc-2");
    }

    @Test
    void aDeletedWorkloadsCommandsGoWithItsRecord() throws Exception {
        MigrationCommand command = failedOver();
        fleet.report(command, MigrationPhase.STARTED, null).report(command, MigrationPhase.COMPLETED, null);
        assertThat(listed()).hasSize(1);
        assertThat(gauged("COMPLETED")).isEqualTo(1);

        fleet.delete(WEB);

        assertThat(fleet.workload(WEB).getMigrations()).isEmpty();
        assertThat(listed()).isEmpty();
        assertThat(gauged("COMPLETED")).as("the gauges count the commands the records hold").isZero();
        fleet.advance(Duration.ofSeconds(5));
        assertThat(fleet.commandsFor(WEB)).as("no purge: the copy on dc-1 went with the binding").hasSize(1);

        fleet.report(command, MigrationPhase.COMPLETED, "reported again, late");
        assertThat(fleet.deadLetters).singleElement().satisfies(letter -> assertThat(
                new String(letter.headers().lastHeader("reason").value(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("no migration command " + command.getCommandId() + " is known: workload " + WEB
                        + " has no binding (a deleted workload's commands go with it)"));
    }

    /** The fedstream_migrations gauges of a phase, summed over strategies and actions, as a scrape shows them. */
    private double gauged(String phase) {
        return fleet.scrape().lines().filter(line -> line.startsWith("fedstream_migrations{") && line.contains("phase=\"" + phase + "\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    /** What `fedstream bench failover` counts per command, here per processing: the workload's record and nothing else. */
    @Test
    void eachReportThatAdvancesTheCommandWritesTheWorkloadsRecordOnceAndOneThatDoesNotWritesNothing() {
        MigrationCommand command = failedOver();
        fleet.changelogCounts();

        fleet.report(command, MigrationPhase.STARTED, null);
        assertThat(fleet.changelogCounts()).isEqualTo(Map.of(Workloads.STORE, 1));
        fleet.report(command, MigrationPhase.RESTORED, null);
        assertThat(fleet.changelogCounts()).isEqualTo(Map.of(Workloads.STORE, 1));
        fleet.report(command, MigrationPhase.COMPLETED, null);
        assertThat(fleet.changelogCounts()).as("the room on dc-1 goes back to the lease; the namespace's usage, derived from"
                        + " the workloads' records, is logged with them").isEqualTo(Map.of(Workloads.STORE, 1, PassState.STORE, 1));

        fleet.report(command, MigrationPhase.STARTED, "late");
        assertThat(fleet.changelogCounts()).as("the life-cycle never goes back: nothing changed").isEmpty();
        assertThat(fleet.migration(command.getCommandId()).getPhase()).isEqualTo(MigrationRecordPhase.COMPLETED);
    }

    /**
     * The task holds no lease on dc-2, so the move asks dc-2's allocator for room and waits for its grant: the ask is
     * kept in memory and written with the command when the grant comes, one write of the record for the move.
     */
    @Test
    void aMoveThatWaitsForALeaseGrantWritesTheWorkloadsRecordOnceWithItsCommand() {
        fleet = FleetDriver.threeClusters(stateDir).deployment("team-a", "web", 2, "1");
        fleet.changelog(Workloads.STORE);
        fleet.leaseRequests();

        fleet.silence("dc-1").advance(Duration.ofSeconds(17));

        MigrationCommand command = fleet.commandsFor(WEB).get(0);
        assertThat(command.getTargetCluster()).isEqualTo("dc-2");
        assertThat(fleet.leaseRequests()).as("room asked of dc-2's allocator").anySatisfy(request -> assertThat(request.key()).isEqualTo("dc-2"));
        assertThat(fleet.changelog(Workloads.STORE)).extracting(record -> record.key()).containsExactly(Workloads.storeKey(WEB));
        WorkloadRecord written = fleet.workload(WEB);
        assertThat(written.getMigrations()).containsOnlyKeys(command.getCommandId());
        assertThat(written.getPlacement().getPending()).as("the ask is answered").isNull();
    }

    private Map<String, MigrationRecordPhase> phases() {
        Map<String, MigrationRecordPhase> phases = new HashMap<>();
        fleet.workload(WEB).getMigrations().forEach((id, migration) -> phases.put(id, migration.getPhase()));
        return phases;
    }

    /** {@code get migrations -n team-a}'s list, from the query API over a copy of the task's workloads' records. */
    private List<String> listed() throws IOException, InterruptedException {
        Map<String, WorkloadRecord> records = new HashMap<>();
        try (var all = fleet.<WorkloadRecord>store(Workloads.STORE).all()) {
            all.forEachRemaining(entry -> records.put(entry.key, entry.value));
        }
        try (TestStores stores = new TestStores()) {
            int port = stores.workloadRecords(records).serve(Optional.of(TOKEN)).endpoint().port();
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/apis/fedstream.io/v1alpha1/namespaces/team-a/migrations"))
                    .header("Authorization", "Bearer " + TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            List<String> listed = new ArrayList<>();
            for (JsonNode item : JSON.readTree(response.body()).get("items")) {
                listed.add(item.at("/spec/commandId").asText() + " " + item.at("/status/phase").asText());
            }
            return listed;
        }
    }
}
