package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent} and {@code executor}: bad flags are refused with exit 2 before anything connects. */
class ClusterCommandsTest {

    @Test
    void theClusterNameIsRequired() {
        CliRunner agent = CliRunner.run("agent");
        CliRunner executor = CliRunner.run("executor");

        assertThat(agent.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(agent.err()).contains("Missing required option: '--cluster=NAME'");
        assertThat(executor.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(executor.err()).contains("Missing required option: '--cluster=NAME'");
    }

    @Test
    void aBadTaintIsRefusedNamingTheValue() {
        CliRunner run = CliRunner.run("agent", "--cluster", "dc-1", "--taint", "maintenance=true:Sometimes");

        assertThat(run.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("error: taint: must be key[=value]:Effect").contains("(value: maintenance=true:Sometimes)");
    }

    @Test
    void aMissingOrBrokenKubeconfigIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.yaml");
        Path broken = Files.writeString(dir.resolve("broken.yaml"), "clusters: [\n");

        CliRunner agent = CliRunner.run("agent", "--cluster", "dc-1", "--kubeconfig", missing.toString());
        CliRunner executor = CliRunner.run("executor", "--cluster", "dc-1", "--kubeconfig", broken.toString());

        assertThat(agent.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(agent.err()).contains("error: --kubeconfig: cannot read it (value: " + missing + ")");
        assertThat(executor.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(executor.err()).contains("error: --kubeconfig: not a usable kubeconfig (value: " + broken + ")");
    }

    @Test
    void aBadHeartbeatIsRefused() {
        CliRunner run = CliRunner.run("agent", "--cluster", "dc-1", "--heartbeat", "0s");

        assertThat(run.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("error: heartbeat interval: must be positive (value: PT0S)");
    }
}
