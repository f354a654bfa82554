package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tour that `fedstream demo` prints: apply the example quota and Flink job from docs/examples/ with the CLI to a
 * running instance, then get them with the CLI, on a real broker and a registry served over HTTP; then the scale-up the
 * README suggests, which the quota rejects while the admitted version stays charged.
 */
@ExtendWith(KafkaClusterExtension.class)
class TourIT {

    private static final String TOKEN = "tour-token";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void theExampleQuotaAdmitsTheExampleFlinkJobAndGetShowsBoth(SharedKafka kafka, KafkaTestNames names, @TempDir Path state,
                                                                 @TempDir Path files) throws Exception {
        InProcessSchemaRegistry registry = new InProcessSchemaRegistry();
        FedstreamConfig config = AppInstance.config(kafka, names, state, TOKEN);
        try (RegistryHttpServer registryServer = RegistryHttpServer.start(registry, 0);
                AppInstance app = AppInstance.start(config, registry)) {
            String[] target = {"--bootstrap-servers", kafka.bootstrapServers(), "--registry", registryServer.url(),
                "--set", "topic.workloads=" + config.topicName(FedstreamTopic.WORKLOADS), "--set", "topic.policies=" + config.topicName(FedstreamTopic.POLICIES)};
            String server = "http://" + app.api().endpoint().host() + ":" + app.api().endpoint().port();

            CliRunner quota = CliRunner.run(concat("apply", "-f", DemoCommand.TOUR_QUOTA, target));
            awaitOutput(server, line -> line.startsWith("analytics"), "quotas", "-n", DemoCommand.TOUR_NAMESPACE);
            CliRunner job = CliRunner.run(concat("apply", "-f", DemoCommand.TOUR_JOB, target));

            assertThat(quota.exitCode()).as(quota.err()).isZero();
            assertThat(quota.out()).isEqualTo("federatedresourcequota.policy.karmada.io/compute applied\n");
            assertThat(job.exitCode()).as(job.err()).isZero();
            assertThat(job.out()).isEqualTo("flinkdeployment.flink.apache.org/sessionizer applied\n");
            String quotas = awaitOutput(server, line -> line.matches("analytics\\s+compute\\s+7/12\\s+14Gi/32Gi\\s+4/10\\s+1\\s+0"),
                    "quotas", "-n", DemoCommand.TOUR_NAMESPACE);
            assertThat(quotas).startsWith("NAMESPACE").containsPattern("CPU\\s+MEMORY\\s+PODS\\s+ADMITTED\\s+REJECTED");
            String bindings = awaitOutput(server, line -> line.startsWith("sessionizer-flinkdeployment"),
                    "resourcebindings", "-n", DemoCommand.TOUR_NAMESPACE);
            assertThat(bindings).containsPattern(
                    "sessionizer-flinkdeployment\\s+\\S+\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+ADMITTED\\s+-\\s+2\\s+7\\s+14Gi");
            CliRunner templates = CliRunner.get(server, TOKEN, "resourcebindings", "-n", DemoCommand.TOUR_NAMESPACE, "-o", "wide");
            assertThat(templates.out())
                    .containsPattern("analytics/sessionizer\\s+FlinkDeployment\\s+INTERPRETED\\s+jobmanager\\s+1\\s+1\\s+2Gi\\s+1\\s+2Gi")
                    .containsPattern("taskmanager\\s+3\\s+2\\s+4Gi\\s+6\\s+12Gi");
            Path scaledUp = Files.writeString(files.resolve("scaled-up.yaml"),
                    Files.readString(Path.of(DemoCommand.TOUR_JOB)).replace("parallelism: 6", "parallelism: 12"));
            CliRunner scale = CliRunner.run(concat("apply", "-f", scaledUp.toString(), target));
            assertThat(scale.exitCode()).as(scale.err()).isZero();
            // The table says why, in its REASON column; the binding's admission.reason carries the same text.
            awaitOutput(server, line -> line.matches("sessionizer-flinkdeployment\\s+.*\\s+FlinkDeployment\\s+INTERPRETED\\s+REJECTED\\s+.*"
                    + "exceeded quota analytics/compute: requested cpu=6, used cpu=7, limited cpu=12"),
                    "resourcebindings", "-n", DemoCommand.TOUR_NAMESPACE);
            assertThat(CliRunner.get(server, TOKEN, "quotas", "-n", DemoCommand.TOUR_NAMESPACE).out())
                    .as("the admitted version stays charged").containsPattern("analytics\\s+compute\\s+7/12\\s+14Gi/32Gi\\s+4/10");
        }
    }

    /** Runs `get` until a line of its output matches (the topology answers within seconds, not at once). */
    private static String awaitOutput(String server, Predicate<String> wanted, String... args) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        CliRunner result;
        do {
            result = CliRunner.get(server, TOKEN, args);
            if (result.exitCode() == 0 && result.out().lines().anyMatch(wanted)) {
                return result.out();
            }
            Thread.sleep(250);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("`get " + String.join(" ", args) + "` printed no such line within " + WAIT + ":\n" + result.out() + result.err());
    }

    private static String[] concat(String command, String flag, String file, String[] target) {
        String[] all = new String[3 + target.length];
        all[0] = command;
        all[1] = flag;
        all[2] = file;
        System.arraycopy(target, 0, all, 3, target.length);
        return all;
    }
}
