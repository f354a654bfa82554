package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.BindingObject;
import io.fedstream.avro.ResourceBinding;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fedstream get resourcebindings [NAME]}: one binding or a namespace's, as a table, per template, YAML or JSON. */
@Command(name = "resourcebindings", aliases = {"resourcebinding", "rb"}, mixinStandardHelpOptions = true,
        description = {
            "Shows ResourceBindings: NAME is Karmada's binding name, <workload name>-<lower-case kind>",
            "(e.g. fraud-detector-flinkdeployment); without NAME, every binding of the namespace."})
final class GetResourceBindingsCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The binding's name.")
    private String name;

    @Option(names = {"-n", "--namespace"}, defaultValue = "default", description = "Namespace (default: ${DEFAULT-VALUE}).")
    private String namespace;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide (one row per template), yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode answer;
        try {
            answer = query.client().get(name == null
                    ? "/apis/resourcebindings?namespace=" + QueryOptions.encode(namespace)
                    : "/apis/resourcebindings/" + QueryOptions.encode(namespace) + "/" + QueryOptions.encode(name));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? "resourcebinding " + namespace + "/" + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<ResourceBinding> bindings = new ArrayList<>();
        if (name == null) {
            answer.path("items").forEach(item -> bindings.add(BindingObject.fromJson(item)));
        } else {
            bindings.add(BindingObject.fromJson(answer));
        }
        if (bindings.isEmpty()) {
            err.println("No resourcebindings found in " + namespace + " namespace.");
            return 0;
        }
        out.print(output == Output.wide ? BindingTable.render(bindings) : BindingSummaryTable.render(bindings, Instant.now()));
        return 0;
    }
}
