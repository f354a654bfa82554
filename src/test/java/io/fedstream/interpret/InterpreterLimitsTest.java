package io.fedstream.interpret;

import io.fedstream.interpret.Interpretation.Outcome;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Hostile inputs beyond {@code BadInputTest}: the allocation bound of alias-bomb refusals, nesting
 * in compact block notation, control characters, byte-order marks, an oversized JSON string, and
 * the same limits applied to customizations.
 */
class InterpreterLimitsTest {

    private static final Interpreter INTERPRETER = Interpreter.builtIn();
    private static final long MAX_ALLOCATED_BYTES = 256L * 1024 * 1024;

    @Test
    void fiveMegabyteStringFieldIsRefusedInJson() {
        String manifest = "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"big\", \"annotations\": {\"blob\": \""
                + "x".repeat(5 * 1024 * 1024) + "\"}}, \"spec\": {\"containers\": [{\"name\": \"a\"}]}}";

        Interpretation result = INTERPRETER.interpret(manifest);

        assertRefused(result, "manifest",
                "is larger than 3 MiB (" + manifest.length() + " bytes), the Kubernetes API server's limit");
    }

    @Test
    void controlCharactersAreRefused() {
        Interpretation result = INTERPRETER.interpret("apiVersion: v1\nkind: Pod\nmetadata: {name: \"a\u0007b\"}\n");

        assertRefused(result, "manifest", "is not valid YAML: special characters are not allowed");
    }

    @Test
    void utf16WithAByteOrderMarkIsRead() {
        byte[] manifest = "\uFEFFapiVersion: v1\nkind: Pod\nmetadata: {name: wide}\nspec: {containers: [{name: a, resources: {requests: {cpu: 2}}}]}\n"
                .getBytes(StandardCharsets.UTF_16BE);

        Interpretation result = INTERPRETER.interpret(manifest);

        assertThat(result.outcome()).isEqualTo(Outcome.INTERPRETED);
        assertThat(result.workload().name()).isEqualTo("wide");
    }

    @Test
    void aliasBombBeyondTheAliasCountIsRefusedOnAliasesInBoundedTimeAndMemory() {
        // Nine levels of ten aliases: 10^9 nodes if expanded.
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata: {name: lol}\n");
        yaml.append("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int level = 1; level < 10; level++) {
            yaml.append("l").append(level).append(": &l").append(level).append(" [");
            for (int i = 0; i < 10; i++) {
                yaml.append(i == 0 ? "" : ", ").append("*l").append(level - 1);
            }
            yaml.append("]\n");
        }
        yaml.append("spec: {containers: [{name: a}]}\n");

        Interpretation result = measured(() -> INTERPRETER.interpret(yaml.toString()));

        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo("manifest");
            assertThat(e.reason()).startsWith("is not valid YAML: Number of aliases for non-scalar nodes exceeds the specified max=50");
        });
    }

    @Test
    void aliasBombUnderTheAliasCountIsRefusedOnExpansionInBoundedTimeAndMemory() {
        // Six levels of eight aliases (48, under SnakeYAML's 50) still expand to 8^6 = 262,144 nodes.
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata: {name: lol}\n");
        yaml.append("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int level = 1; level <= 6; level++) {
            yaml.append("l").append(level).append(": &l").append(level).append(" [");
            for (int i = 0; i < 8; i++) {
                yaml.append(i == 0 ? "" : ", ").append("*l").append(level - 1);
            }
            yaml.append("]\n");
        }
        yaml.append("spec: {containers: [{name: a}]}\n");

        Interpretation result = measured(() -> INTERPRETER.interpret(yaml.toString()));

        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e ->
                assertThat(e.reason()).isEqualTo("YAML aliases expand to more than 100000 nodes (alias bomb?)"));
    }

    @Test
    void yamlBlockSequencesNestedTenThousandLevelsAreRefusedCleanly() {
        // Compact block notation: "- - - x" nests without the indentation that would exceed 3 MiB.
        String manifest = "apiVersion: v1\nkind: Pod\nmetadata: {name: deep}\nspec:\n" + "- ".repeat(10_000) + "x\n";

        Interpretation result = measured(() -> INTERPRETER.interpret(manifest));

        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.errors()).singleElement().satisfies(e ->
                assertThat(e.reason()).startsWith("is not valid YAML: Nesting Depth exceeded max 100"));
    }

    @Test
    void customizationsAreReadWithTheSameLimits() {
        String bomb = "apiVersion: fedstream.io/v1alpha1\nkind: InterpreterCustomization\nmetadata: {name: deep}\nspec: "
                + "[".repeat(10_000) + "]".repeat(10_000) + "\n";

        assertThatThrownBy(() -> InterpreterCustomization.load(bomb.getBytes(StandardCharsets.UTF_8), "bomb.yaml"))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessageStartingWith("InterpreterCustomization in bomb.yaml: manifest: is not valid YAML: Nesting Depth exceeded max 100");
        byte[] big = ("metadata: {name: \"" + "x".repeat(5 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> InterpreterCustomization.load(big, "big.yaml"))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessage("InterpreterCustomization in big.yaml: manifest: is larger than 3 MiB (" + big.length
                        + " bytes), the Kubernetes API server's limit");
    }

    /** Runs a refusal and checks it is quick (< 2 s) and allocates a bounded amount of memory. */
    private static Interpretation measured(Supplier<Interpretation> run) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long allocatedBefore = threads.getThreadAllocatedBytes(thread);
        long start = System.nanoTime();
        Interpretation result = run.get();
        long millis = (System.nanoTime() - start) / 1_000_000;
        long allocated = threads.getThreadAllocatedBytes(thread) - allocatedBefore;
        assertThat(millis).as("milliseconds to refuse").isLessThan(2_000);
        assertThat(allocated).as("bytes allocated while refusing").isLessThan(MAX_ALLOCATED_BYTES);
        return result;
    }

    private static void assertRefused(Interpretation result, String field, String reason) {
        assertThat(result.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(result.components()).isEmpty();
        assertThat(result.total()).isEqualTo(Resources.NONE);
        assertThat(result.errors()).isEqualTo(List.of(new FieldError(field, null, reason)));
    }
}
