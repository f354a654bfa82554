package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What every {@code fedstream get <cluster-scoped kind> [NAME] -o ...} does, as kubectl does it: one object by name or
 * every one from the query API, printed as a table (wide: more columns where the kind has them), YAML or JSON.
 */
abstract class ClusterScopedGetCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The object's name; without it, every one.")
    private String name;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide, yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    // kubectl takes a namespace for a cluster-scoped type and ignores it; so do these, so that `get pp,cpp -A` works.
    @Option(names = {"-n", "--namespace"}, hidden = true)
    private String ignoredNamespace;

    @Option(names = {"-A", "--all-namespaces"}, hidden = true)
    private boolean ignoredAllNamespaces;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The kind as kubectl names it in messages, e.g. {@code cluster}. */
    abstract String kind();

    /** Where the query API serves the kind; its plural is the one messages say. */
    abstract KubeResource resource();

    /** What an empty list prints. */
    String noneFound() {
        return "No " + resource().plural() + " found.";
    }

    abstract String table(List<JsonNode> objects, boolean wide);

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<JsonNode> objects = new ArrayList<>();
        try {
            if (name == null) {
                objects.addAll(query.client().list(resource().all()));
            } else {
                objects.add(query.client().get(resource().one(name)));
            }
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? kind() + " " + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(name != null ? objects.get(0) : ListOutput.of(objects), output == Output.yaml));
            return 0;
        }
        if (objects.isEmpty()) {
            err.println(noneFound());
            return 0;
        }
        out.print(table(objects, output == Output.wide));
        return 0;
    }
}
