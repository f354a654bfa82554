package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apply} and {@code delete} up to the network: flags, refused manifests and an unreachable registry. */
class ApplyCommandTest {

    @TempDir Path dir;

    @Test
    void helpListsApplyAndDelete() {
        CliRunner result = CliRunner.run("--help");

        assertThat(result.out()).contains("apply", "delete");
        assertThat(CliRunner.run("apply", "--help").out())
                .contains("-f, --filename=FILE|DIR|-", "--bootstrap-servers=HOST:PORT", "--registry=URL", "--set=KEY=VALUE");
    }

    @Test
    void aBadManifestExitsTwoBeforeAnyRegistryOrBrokerIsContacted() throws IOException {
        Path file = Files.writeString(dir.resolve("fleet.yaml"), """
                apiVersion: v1
                kind: Pod
                metadata: {name: fine}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {namespace: team-a}
                """);

        CliRunner result = CliRunner.run("delete", "-f", file.toString(),
                "--registry", "http://127.0.0.1:" + closedPort(), "--bootstrap-servers", "127.0.0.1:" + closedPort());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("error: " + file + " document 2: metadata.name: is required\n"
                + "error: nothing was published\n");
    }

    @Test
    void deletingAKarmadaClusterExitsTwo() throws IOException {
        Path file = Files.writeString(dir.resolve("member.yaml"), """
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1}
                """);

        CliRunner result = CliRunner.run("delete", "-f", file.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("error: " + file + " document 1: kind: Cluster cannot be deleted: a cluster leaves by"
                + " its heartbeats; apply it with a NoExecute taint to fail it over (its workloads leave when their clusterTolerations"
                + " end), or stop its heartbeats (SUSPECT, then"
                + " FAILED after the toleration)\nerror: nothing was published\n");
    }

    @Test
    void anUnknownConfigurationKeyExitsTwo() throws IOException {
        Path file = Files.writeString(dir.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");

        CliRunner result = CliRunner.run("apply", "-f", file.toString(), "--set", "topic.nope=x");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: Unknown configuration key topic.nope (from overrides)");
    }

    @Test
    void anUnreachableRegistryExitsOneNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("pod.yaml"), POD);
        String registry = "http://127.0.0.1:" + closedPort();

        CliRunner result = CliRunner.run("apply", "-f", file.toString(), "--registry", registry);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).startsWith("error: Schema registry at " + registry + " is unreachable (GET /subjects): ")
                .endsWith(" (is `fedstream run --embedded` running, or does --registry name the right registry?)\n");
    }

    @Test
    void anInvalidWorkloadInAMultiDocumentFileExitsTwoNamingFieldAndValueBeforeAnythingIsContacted() throws IOException {
        Path file = Files.writeString(dir.resolve("fleet.yaml"), POD + """
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: team-a}
                spec:
                  replicas: -3
                  template:
                    spec:
                      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
                """);

        // A closed registry and broker: had apply contacted either, it would exit 1, not 2.
        CliRunner result = CliRunner.run("apply", "-f", file.toString(),
                "--registry", "http://127.0.0.1:" + closedPort(), "--bootstrap-servers", "127.0.0.1:" + closedPort());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("error: " + file + " document 2: spec.replicas: must not be negative"
                + " (value: -3)\nerror: nothing was published\n");
    }

    @Test
    void anUninterpretedWorkloadWaitsForThePublishedCustomizationsBeforeItsWarning() throws IOException {
        Path file = Files.writeString(dir.resolve("widget.yaml"), """
                apiVersion: example.com/v1
                kind: Widget
                metadata: {name: w}
                """);
        String registry = "http://127.0.0.1:" + closedPort();

        CliRunner result = CliRunner.run("apply", "-f", file.toString(), "--registry", registry);

        // Past the check of the set alone; whether a customization on fedstream.policies declares Widget needs the
        // registry, which is closed: no warning that may be wrong, and nothing published (ApplyCommandIT has the rest).
        assertThat(result.err()).startsWith("error: Schema registry at " + registry + " is unreachable");
        assertThat(result.exitCode()).isEqualTo(1);
    }

    @Test
    void aCustomizationInTheSameFileInterpretsItsKind() throws IOException {
        Path file = Files.writeString(dir.resolve("trainer.yaml"), ManifestRouterTest.customization("my-trainer") + """
                ---
                apiVersion: example.com/v1
                kind: MyTrainer
                metadata: {name: bert, namespace: ml}
                spec:
                  coordinator: {replicas: -1, template: {spec: {containers: [{name: c, resources: {requests: {cpu: "4"}}}]}}}
                """);

        CliRunner result = CliRunner.run("apply", "-f", file.toString(), "--registry", "http://127.0.0.1:" + closedPort());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: " + file + " document 2: spec.coordinator.replicas: ");
        assertThat(result.err()).contains("(value: -1)").endsWith("error: nothing was published\n");
    }

    @Test
    void customizationsDirIsUsedAsRunUsesIt() throws IOException {
        Path customizations = Files.createDirectories(dir.resolve("customizations"));
        Files.writeString(customizations.resolve("my-trainer.yaml"), ManifestRouterTest.customization("my-trainer"));
        Path file = Files.writeString(dir.resolve("bert.yaml"), """
                apiVersion: example.com/v1
                kind: MyTrainer
                metadata: {name: bert, namespace: ml}
                spec:
                  coordinator: {replicas: 2, template: {spec: {containers: [{name: c, resources: {requests: {cpu: "4"}}}]}}}
                """);
        String registry = "http://127.0.0.1:" + closedPort();

        CliRunner result = CliRunner.run("apply", "-f", file.toString(), "--registry", registry,
                "--set", "customizations.dir=" + customizations);

        // Interpreted: no warning, straight on to publishing (refused by the closed registry).
        assertThat(result.err()).startsWith("error: Schema registry at " + registry + " is unreachable");
        assertThat(result.exitCode()).isEqualTo(1);
    }

    @Test
    void deleteDoesNotInterpretWhatItTakesBack() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web}
                spec: {replicas: -3}
                """);
        String registry = "http://127.0.0.1:" + closedPort();

        CliRunner result = CliRunner.run("delete", "-f", file.toString(), "--registry", registry);

        assertThat(result.err()).startsWith("error: Schema registry at " + registry + " is unreachable");
        assertThat(result.exitCode()).isEqualTo(1);
    }

    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: p}
            spec:
              containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
            """;

    /** A port nothing listens on: one the OS just handed out and took back. */
    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
