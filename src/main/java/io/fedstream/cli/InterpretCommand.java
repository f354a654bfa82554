package io.fedstream.cli;

import io.fedstream.bind.NeverPropagated;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.interpret.InterpretationRenderer;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream interpret}: prints the components and total of every document in a manifest file. */
@Command(
        name = "interpret",
        mixinStandardHelpOptions = true,
        description = {
            "Prints components and totals of manifests, per pod template.",
            "",
            "Prints the components (per-template replicas, per-pod and total requests) and the total of every document"
                    + " in FILE. Exits 0 when every document was interpreted, 2 otherwise (reasons on standard error).",
            "",
            "With --recommend, prints the manifests instead, each template's requests replaced by the recommendation of a"
                    + " running fedstream (--server; docs/recommendations.md), in the kind's own fields; a template without one"
                    + " is left as it is, said on standard error. Nothing is applied."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream interpret -f docs/examples/flinkdeployment.yaml",
            "  fedstream interpret -f trainer.yaml -o yaml --customizations customizations/",
            "  fedstream interpret -f docs/examples/flinkdeployment.yaml --recommend -o yaml --server http://127.0.0.1:8080 --token T"})
final class InterpretCommand implements Callable<Integer> {

    enum Format { json, yaml }

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "FILE",
            description = "YAML or JSON manifests, several YAML documents allowed; - reads standard input.")
    private String file;

    @Option(names = {"-o", "--output"}, defaultValue = "json", paramLabel = "FORMAT",
            description = "json or yaml (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Option(names = "--customizations", paramLabel = "DIR",
            description = "InterpreterCustomizations and Kubeflow Trainer runtimes (*.yaml, *.yml, *.json) to use besides the built-in kinds.")
    private Path customizations;

    @Option(names = "--recommend",
            description = "Print the manifests with each template's requests replaced by fedstream's recommendation.")
    private boolean recommend;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        byte[] manifests;
        try {
            manifests = "-".equals(file) ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: cannot read " + file + ": " + e);
            return Main.BAD_INPUT;
        }
        Interpreter interpreter;
        try {
            interpreter = customizations == null
                    ? Interpreter.builtIn()
                    : InterpreterExtensions.loadDirectory(customizations).interpreter();
        } catch (IOException | InvalidCustomizationException e) {
            spec.commandLine().getErr().println("error: customizations refused: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        if (recommend) {
            return new RecommendedManifests(query, spec.commandLine().getOut(), spec.commandLine().getErr())
                    .print(manifests, file, format == Format.yaml);
        }
        List<Interpretation> results = interpreter.interpretDocuments(manifests).stream()
                .map(InterpretCommand::sayingWhyNeverPropagated)
                .toList();
        spec.commandLine().getOut().print(
                format == Format.json ? InterpretationRenderer.toJson(results) : InterpretationRenderer.toYaml(results));
        spec.commandLine().getOut().flush();
        boolean allInterpreted = true;
        for (int i = 0; i < results.size(); i++) {
            Interpretation result = results.get(i);
            if (result.outcome() != Interpretation.Outcome.INTERPRETED) {
                allInterpreted = false;
                for (FieldError error : result.errors()) {
                    spec.commandLine().getErr().println("error: " + file + " document " + (i + 1) + ": " + error.message());
                }
            }
        }
        return allInterpreted ? 0 : Main.BAD_INPUT;
    }

    /**
     * The object of a kind fedstream never propagates, with that reason instead of "no interpreter", as the bind stage
     * says; a cluster-scoped one without the namespace "default" that the interpreter gives every object naming none.
     */
    private static Interpretation sayingWhyNeverPropagated(Interpretation result) {
        return NeverPropagated.reason(result)
                .map(reason -> new Interpretation(result.outcome(), withoutDefaultNamespaceIfClusterScoped(result.workload()),
                        result.labels(), result.priorityClassName(), result.interpreter(), result.components(), result.total(),
                        result.totalLimits(), List.of(reason)))
                .orElse(result);
    }

    private static WorkloadId withoutDefaultNamespaceIfClusterScoped(WorkloadId workload) {
        return NeverPropagated.clusterScoped(workload.group(), workload.kind()).isPresent()
                ? new WorkloadId(workload.apiVersion(), workload.kind(), null, workload.name())
                : workload;
    }
}
