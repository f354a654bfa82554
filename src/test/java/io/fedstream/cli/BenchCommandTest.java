package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchCommandTest {

    @Test
    void refusesTooFewWorkloadsBeforeStartingAnything() {
        CliRunner run = CliRunner.run("bench", "--workloads", "5");

        assertThat(run.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("error: workloads: must be at least 10, got 5");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void refusesMoreNamespacesThanWorkloads() {
        CliRunner run = CliRunner.run("bench", "--workloads", "20", "--namespaces", "50");

        assertThat(run.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("error: namespaces: must not exceed workloads (20), got 50");
    }
}
