package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.interpret.Resources;
import io.fedstream.runtime.EmbeddedKafka;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fedstream run} over state already under its application id, as an operator who upgrades without a reset meets
 * it: an earlier engine's changelog stops it with both remedies; the pass's own store, restored from its changelog,
 * starts as usual.
 */
class RunOverEarlierStateIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int PARTITIONS = 2;

    @TempDir static Path dir;
    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startBroker() {
        kafka = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(0).withDataDir(dir.resolve("broker")));
    }

    @AfterAll
    static void stopBroker() {
        kafka.close();
    }

    @Test
    void theStateOfTheEngineBeforeTheOnePassStopsRunNamingItsChangelogsAndBothRemedies() throws Exception {
        String app = "earlier-engine";
        changelogHolds(app + "-placement-states-store-changelog", "apps/Deployment/team-a/web",
                "{\"pending\":null,\"placedCluster\":\"dc-1\",\"group\":0,\"unplaceableGeneration\":-1,\"preserved\":{}}".getBytes(StandardCharsets.UTF_8));

        StringWriter err = new StringWriter();
        int exitCode = run(app, err);

        assertThat(exitCode).isEqualTo(1);
        assertThat(err.toString()).startsWith("error: fedstream does not start: application earlier-engine holds the state of an earlier"
                        + " fedstream engine (earlier-engine-placement-states-store-changelog), which this version does not read.")
                .contains("start fedstream with a fresh application.id")
                .contains("kafka-streams-application-reset --bootstrap-server " + kafka.bootstrapServers() + " --application-id " + app
                        + " --input-topics fedstream.workloads,");
        assertThat(err.toString().split("does not start", -1)).as("printed once: %s", err).hasSize(2);
    }

    @Test
    void aLedgerEntryInTheCurrentEncodingStartsNormally() throws Exception {
        String app = "current-ledger";
        changelogHolds(app + "-pass-state-store-changelog", "admission-quotas/team-a/q",
                LedgerCodecs.QUOTA.encode(new FederatedResourceQuota("team-a", "q", Resources.NONE, List.of())));

        try (RunningCommand run = RunningCommand.start(WAIT, args(app))) {
            assertThat(run.out()).doesNotContain("does not start");
            assertThat(run.stop(WAIT)).as(run.err()).isZero();
        }
    }

    /** Runs {@code fedstream run} as the command line does and returns its exit code; what it printed on standard error is in {@code err}. */
    private static int run(String app, StringWriter err) throws Exception {
        return CompletableFuture.supplyAsync(() -> Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), cli(app)))
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static String[] cli(String app) {
        String[] settings = args(app);
        String[] line = new String[settings.length + 1];
        line[0] = "run";
        System.arraycopy(settings, 0, line, 1, settings.length);
        return line;
    }

    private static String[] args(String app) {
        return new String[] {"--set", "kafka.bootstrap.servers=" + kafka.bootstrapServers(), "--set", "application.id=" + app,
            "--set", "state.dir=" + dir.resolve("state-" + app), "--set", "http.port=0", "--set", "topic.partitions=" + PARTITIONS};
    }

    /** The changelog as Kafka Streams creates it (compacted, a partition per task), holding one entry on partition 0. */
    private static void changelogHolds(String changelog, String key, byte[] value) throws Exception {
        kafka.createTopics(List.of(new NewTopic(changelog, PARTITIONS, (short) 1).configs(Map.of("cleanup.policy", "compact"))));
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(changelog, 0, key.getBytes(StandardCharsets.UTF_8), value)).get(30, TimeUnit.SECONDS);
        }
    }
}
