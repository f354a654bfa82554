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
 * What {@code get clusterpropagationpolicies} and {@code get clusteroverridepolicies} share: a family's cluster-scoped
 * policies as the query API shows them, one by name or all, as a table, YAML or JSON.
 */
abstract class ClusterPolicyGetCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The policy's name; without it, every one.")
    private String name;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide (the same table), yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final String kind;
    private final String plural;
    private final PolicyTable.Columns columns;

    /** {@code plural} is also the API's path segment, e.g. {@code clusteroverridepolicies}. */
    ClusterPolicyGetCommand(String kind, String plural, PolicyTable.Columns columns) {
        this.kind = kind;
        this.plural = plural;
        this.columns = columns;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode answer;
        try {
            answer = query.client().get(name == null ? "/apis/" + plural : "/apis/" + plural + "/" + QueryOptions.encode(name));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? kind + " " + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<JsonNode> policies = new ArrayList<>();
        if (name == null) {
            answer.path("items").forEach(policies::add);
        } else {
            policies.add(answer);
        }
        if (policies.isEmpty()) {
            err.println("No " + plural + " found.");
            return 0;
        }
        out.print(PolicyTable.renderClusterScoped(policies, columns));
        return 0;
    }
}
