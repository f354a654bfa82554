package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where log lines go, per command, in a JVM of its own: a file (and stderr with --verbose), or stdout for `run`. */
class CommandLoggingIT {

    private static final Duration EXIT = Duration.ofMinutes(2);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = "docs/examples/replay-health.jsonl";

    @TempDir Path dir;

    @Test
    void replayPrintsOnlyItsRecordsAndSummaryAndAnnouncesTheLogFileOnce() throws Exception {
        try (CliProcess replay = CliProcess.start(dir, "replay", "--input", SCRIPT)) {
            assertThat(replay.await(EXIT)).as(replay.err()).isZero();

            assertThat(replay.out().lines()).isNotEmpty().allMatch(line -> line.startsWith("{\"topic\":"));
            Path logFile = replay.announcedLogFile();
            assertThat(replay.err().lines()).containsExactly("logs: " + logFile,
                    replay.err().lines().filter(line -> line.startsWith("replayed ")).findFirst().orElse("replayed ..."));
            assertThat(Files.readAllLines(logFile)).anyMatch(line -> CliProcess.LOGGER_LINE.matcher(line).find());
        }
    }

    @Test
    void verboseShowsTheLogLinesOnStandardErrorToo() throws Exception {
        try (CliProcess replay = CliProcess.start(dir, "replay", "--input", SCRIPT, "--verbose")) {
            assertThat(replay.await(EXIT)).as(replay.err()).isZero();

            List<String> logged = replay.err().lines().filter(line -> CliProcess.LOGGER_LINE.matcher(line).find()).toList();
            assertThat(logged).isNotEmpty().isEqualTo(Files.readAllLines(replay.announcedLogFile()));
            assertThat(replay.out().lines()).allMatch(line -> line.startsWith("{\"topic\":"));
        }
    }

    @Test
    void aCommandThatLogsNothingLeavesNoLogFile() throws Exception {
        try (CliProcess interpret = CliProcess.start(dir, "interpret", "-f", DemoCommand.TOUR_JOB)) {
            assertThat(interpret.await(EXIT)).as(interpret.err()).isZero();

            assertThat(interpret.err()).isEmpty();
            assertThat(JSON.readTree(interpret.out()).get(0).get("total").get("cpu").asText()).isEqualTo("7");
        }
    }

    @Test
    void runLogsOneJsonObjectPerLineOnStandardOutput() throws Exception {
        List<JsonNode> events = new ArrayList<>();
        try (CliProcess run = CliProcess.start(dir, "run", "--embedded", "--log-format", "json",
                "--set", "embedded.kafka.port=0", "--set", "embedded.registry.port=0", "--set", "http.port=0",
                "--set", "state.dir=" + dir.resolve("state"), "--set", "application.id=logging-it")) {
            run.awaitLine(line -> line.contains("fedstream is running"), Duration.ofMinutes(3));
            run.interrupt();
            // SIGTERM stops the command, which closes everything and exits as a clean stop does: 0, not the JVM's 143.
            assertThat(run.await(EXIT)).as(run.out() + run.err()).isZero();

            for (String line : run.out().lines().toList()) {
                events.add(JSON.readTree(line));
            }
            assertThat(run.err()).isEmpty();
        }
        assertThat(events).allSatisfy(event -> assertThat(event.isObject()).isTrue())
                .allSatisfy(event -> assertThat(event.path("level").asText()).isIn("INFO", "WARN", "ERROR"));
        assertThat(events).extracting(event -> event.path("loggerName").asText() + ": " + event.path("formattedMessage").asText())
                .anyMatch(line -> line.startsWith("io.fedstream.cli.RunCommand: fedstream is running: application.id=logging-it"))
                .anyMatch(line -> line.equals("io.fedstream.cli.RunCommand: Stopped cleanly."))
                .noneMatch(line -> line.contains("-repartition=UNKNOWN_TOPIC_OR_PARTITION"))
                .noneMatch(line -> line.startsWith("org.apache.kafka.clients.consumer.internals.OffsetFetcherUtils:"));
    }
}
