package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real kubectl (Debian's package, as {@code .ci/run} installs it) against a running fedstream over HTTPS with a
 * bearer token: discovery, tables, one object as YAML, a watch, Status errors; and {@code fedstream get} with no flag
 * but a context.
 */
class KubectlIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String TOKEN = "kubectl-it-token";
    private static final Path KUBECTL = Path.of("/usr/bin/kubectl");

    @TempDir Path dir;

    @Test
    void kubectlReadsFedstreamsObjectsAndTheCommandLineItsContext() throws Exception {
        assertThat(KUBECTL).as("Debian's kubectl (apt-get install -y kubectl; .ci/run installs it)").isExecutable();
        TestCertificate certificate = TestCertificate.in(dir);
        List<String> args = new ArrayList<>(List.of("--embedded", "--set", "state.dir=" + dir.resolve("state"), "--set", "embedded.kafka.port=0",
                "--set", "embedded.registry.port=0", "--set", "http.port=0", "--set", "topic.partitions=2", "--set", "http.bearer.token=" + TOKEN));
        args.addAll(certificate.runSettings());
        try (RunningCommand run = RunningCommand.start(WAIT, args.toArray(String[]::new))) {
            String server = run.queryUrl();
            assertThat(server).startsWith("https://127.0.0.1:");
            Path kubeconfig = kubeconfig(server, certificate.cert());
            apply(run, """
                    apiVersion: cluster.karmada.io/v1alpha1
                    kind: Cluster
                    metadata: {name: member1, labels: {region: eu-west}}
                    status:
                      conditions: [{type: Ready, status: "True", reason: ClusterReady}]
                      resourceSummary: {allocatable: {cpu: "64", memory: 256Gi}, allocated: {cpu: "4"}}
                    ---
                    apiVersion: policy.karmada.io/v1alpha1
                    kind: FederatedResourceQuota
                    metadata: {name: compute, namespace: shop}
                    spec: {overall: {cpu: "20", memory: 64Gi}}
                    ---
                    apiVersion: policy.karmada.io/v1alpha1
                    kind: PropagationPolicy
                    metadata: {name: everything, namespace: shop}
                    spec:
                      resourceSelectors: [{apiVersion: flink.apache.org/v1beta1, kind: FlinkDeployment}]
                      placement: {clusterAffinity: {clusterNames: [member1]}}
                    ---
                    apiVersion: policy.karmada.io/v1alpha1
                    kind: ClusterPropagationPolicy
                    metadata: {name: namespaces}
                    spec:
                      resourceSelectors: [{apiVersion: v1, kind: Namespace}]
                      placement: {clusterAffinity: {clusterNames: [member1]}}
                    ---
                    apiVersion: v1
                    kind: Namespace
                    metadata: {name: shop}
                    """ + "---\n" + flink("fraud"));

            Result resources = kubectl(kubeconfig, "api-resources");
            assertThat(resources.out()).containsPattern("resourcebindings\\s+rb\\s+work.karmada.io/v1alpha2\\s+true\\s+ResourceBinding")
                    .containsPattern("federatedresourcequotas\\s+frq\\s+policy.karmada.io/v1alpha1\\s+true\\s+FederatedResourceQuota")
                    .containsPattern("clusters\\s+cluster.karmada.io/v1alpha1\\s+false\\s+Cluster")
                    .containsPattern("migrations\\s+mig\\s+fedstream.io/v1alpha1\\s+true\\s+Migration");

            Result yaml = awaitKubectl(kubeconfig, out -> out.contains("    type: Scheduled\n"), "get", "rb", "fraud-flinkdeployment", "-n", "shop", "-o", "yaml");
            assertThat(yaml.out()).startsWith("apiVersion: work.karmada.io/v1alpha2\nkind: ResourceBinding\n")
                    .contains("  resourceRequests:\n  - cpu: \"1\"\n", "    templateName: jobmanager\n", "    templateName: taskmanager\n")
                    .contains("  conditions:\n", "    type: Scheduled\n");

            Result table = kubectl(kubeconfig, "get", "resourcebindings", "-n", "shop");
            assertThat(table.out()).containsPattern("NAME\\s+SCHEDULED\\s+FULLYAPPLIED\\s+KIND\\s+STATE\\s+ADMISSION\\s+CLUSTERS")
                    .containsPattern("fraud-flinkdeployment\\s+\\S+\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+");
            assertThat(awaitKubectl(kubeconfig, "get", "clusters").out()).containsPattern("member1\\s+READY\\s+True\\s+");
            assertThat(awaitKubectl(kubeconfig, out -> out.contains("shop-namespace"), "get", "crb").out())
                    .as("a cluster-scoped object's binding").containsPattern("shop-namespace\\s+True\\s+False\\s+Namespace\\s+INTERPRETED\\s+ADMITTED\\s+member1");
            assertThat(kubectl(kubeconfig, "get", "federatedresourcequotas", "-A").out())
                    .containsPattern("NAMESPACE\\s+NAME\\s+USED/HARD").containsPattern("shop\\s+compute\\s+cpu=");
            Result missing = kubectl(kubeconfig, "get", "rb", "nope", "-n", "shop");
            assertThat(missing.exitCode()).isEqualTo(1);
            assertThat(missing.err()).contains("Error from server (NotFound): resourcebindings.work.karmada.io \"nope\" not found");

            watchSeesANewWorkloadWithinTwoSeconds(run, kubeconfig);

            Result unauthorized = kubectl(kubeconfig, "get", "rb", "-n", "shop", "--token", "wrong");
            assertThat(unauthorized.exitCode()).isEqualTo(1);
            assertThat(unauthorized.err()).contains("error: You must be logged in to the server (Unauthorized)");

            theCommandLineReadsTheCurrentContext(run, server, certificate);
        }
    }

    private void watchSeesANewWorkloadWithinTwoSeconds(RunningCommand run, Path kubeconfig) throws Exception {
        Process watch = new ProcessBuilder(KUBECTL.toString(), "--kubeconfig", kubeconfig.toString(), "--cache-dir", dir.resolve("cache").toString(),
                "get", "rb", "-n", "shop", "--watch").redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().forEach(lines::add);
            } catch (IOException ended) {
                // The watch was ended.
            }
        });
        reader.start();
        try {
            awaitLine(lines, "fraud-flinkdeployment", WAIT);
            apply(run, flink("etl"));
            long applied = System.nanoTime();
            awaitLine(lines, "etl-flinkdeployment", WAIT);
            Duration seen = Duration.ofNanos(System.nanoTime() - applied);
            System.out.printf("KubectlIT: kubectl get rb --watch printed the new workload %d ms after apply returned%n", seen.toMillis());
            assertThat(seen).as("the watch prints a new workload").isLessThan(Duration.ofSeconds(2));
        } finally {
            watch.destroy();
            watch.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private void theCommandLineReadsTheCurrentContext(RunningCommand run, String server, TestCertificate certificate) throws IOException {
        String realHome = System.getProperty("user.home");
        System.setProperty("user.home", dir.resolve("home").toString());
        try {
            CliRunner set = CliRunner.run("config", "set-context", "local", "--bootstrap-servers",
                    run.printed("Embedded Kafka broker listening on (\\S+) "), "--registry", run.printed("Embedded schema registry listening on (\\S+) "),
                    "--server", server, "--token", TOKEN, "--certificate-authority", certificate.cert().toString());
            assertThat(set.exitCode()).as(set.err()).isZero();

            CliRunner all = CliRunner.run("get", "rb", "-A");

            assertThat(all.exitCode()).as(all.err()).isZero();
            assertThat(all.out()).containsPattern("shop\\s+fraud-flinkdeployment\\s+").containsPattern("shop\\s+etl-flinkdeployment\\s+");
            assertThat(CliRunner.run("get", "rb", "-A", "--token", "wrong").err()).contains("unauthorized by " + server);
        } finally {
            System.setProperty("user.home", realHome);
        }
    }

    private static void awaitLine(BlockingQueue<String> lines, String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.contains(text)) {
                return;
            }
        }
        throw new AssertionError("kubectl --watch printed no line with " + text + " within " + timeout + "; left: " + lines);
    }

    private Path kubeconfig(String server, Path authority) throws IOException {
        return Files.writeString(dir.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: fedstream
                  cluster: {server: "%s", certificate-authority: "%s"}
                users:
                - name: fedstream
                  user: {token: "%s"}
                contexts:
                - name: fedstream
                  context: {cluster: fedstream, user: fedstream}
                current-context: fedstream
                """.formatted(server, authority, TOKEN));
    }

    private record Result(int exitCode, String out, String err) {}

    private Result kubectl(Path kubeconfig, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(KUBECTL.toString(), "--kubeconfig", kubeconfig.toString(),
                "--cache-dir", dir.resolve("cache").toString(), "--request-timeout", "30s"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "kubectl", ".out");
        Path err = Files.createTempFile(dir, "kubectl", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl %s ended", List.of(args)).isTrue();
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** kubectl until it succeeds, as the object it asks for appears once fedstream decided it. */
    private Result awaitKubectl(Path kubeconfig, String... args) throws Exception {
        return awaitKubectl(kubeconfig, out -> !out.isBlank(), args);
    }

    /** Waits for output that passes {@code done}: the engine publishes a binding admitted before it publishes it placed. */
    private Result awaitKubectl(Path kubeconfig, Predicate<String> done, String... args) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            Result result = kubectl(kubeconfig, args);
            if (result.exitCode() == 0 && done.test(result.out())) {
                return result;
            }
            assertThat(System.nanoTime()).as("kubectl %s within %s: %s", List.of(args), WAIT, result.err()).isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private void apply(RunningCommand run, String manifests) throws IOException {
        Path file = Files.writeString(Files.createTempFile(dir, "manifests", ".yaml"), manifests);
        CliRunner applied = CliRunner.run("apply", "-f", file.toString(), "--bootstrap-servers", run.printed("Embedded Kafka broker listening on (\\S+) "),
                "--registry", run.printed("Embedded schema registry listening on (\\S+) "));
        assertThat(applied.exitCode()).as(applied.err()).isZero();
    }

    private static String flink(String name) {
        return """
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkDeployment
                metadata: {name: %s, namespace: shop}
                spec:
                  jobManager: {resource: {cpu: 1, memory: "2048m"}}
                  taskManager: {resource: {cpu: 1, memory: "2048m"}}
                  job: {parallelism: 2}
                """.formatted(name);
    }
}
