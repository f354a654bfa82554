package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What every {@code fedstream get <namespaced kind> [NAME] [-n NS | -A] -o ...} does, as kubectl does it: one object, the
 * namespace's list or every namespace's from the query API, printed as a table (wide: more rows), YAML or JSON.
 */
abstract class NamespacedGetCommand<T> implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The object's name; without it, the namespace's list.")
    private String name;

    @ArgGroup(exclusive = true)
    private NamespaceScope scope = new NamespaceScope();

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide, yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The kind as kubectl names it in messages, e.g. {@code resourcebinding}. */
    abstract String kind();

    /** The kind's plural in messages, as kubectl says it: {@code resourcebindings}. */
    String plural() {
        return kind() + "s";
    }

    /** Where the query API serves the kind. */
    abstract KubeResource resource();

    /** The lists {@code -A} shows: every namespace's objects of the kind (a policy family adds its cluster-scoped kind). */
    List<String> everyNamespace() {
        return List.of(resource().all());
    }

    abstract T fromJson(JsonNode object);

    /** The objects as a table; with {@code allNamespaces}, each row names its namespace. */
    abstract String table(List<T> objects, boolean wide, boolean allNamespaces);

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (scope.all() && name != null) {
            err.println("error: a " + kind() + " cannot be retrieved by name across all namespaces: give -n NS with " + name);
            return 2;
        }
        String namespace = scope.namespace();
        List<JsonNode> found = new ArrayList<>();
        try {
            QueryClient client = query.client();
            if (name != null) {
                found.add(client.get(resource().one(namespace, name)));
            } else if (scope.all()) {
                for (String path : everyNamespace()) {
                    found.addAll(client.list(path));
                }
            } else {
                found.addAll(client.list(resource().in(namespace)));
            }
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? kind() + " " + namespace + "/" + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(name != null ? found.get(0) : ListOutput.of(found), output == Output.yaml));
            return 0;
        }
        List<T> objects = new ArrayList<>();
        found.forEach(object -> objects.add(fromJson(object)));
        if (objects.isEmpty()) {
            err.println(scope.all() ? "No " + plural() + " found." : "No " + plural() + " found in " + namespace + " namespace.");
            return 0;
        }
        out.print(table(objects, output == Output.wide, scope.all()));
        return 0;
    }
}
