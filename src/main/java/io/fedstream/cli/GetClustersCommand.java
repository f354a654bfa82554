package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fedstream get clusters [NAME]}: the life-cycle state of member clusters, as a table, YAML or JSON. */
@Command(name = "clusters", aliases = {"cluster"}, mixinStandardHelpOptions = true,
        description = {
            "Shows member clusters and health.",
            "",
            "As the watch-clusters stage sees them: state (READY, SUSPECT, FAILED, RECOVERING), Ready condition, last"
                    + " heartbeat, open incident, flaps, and cpu and memory as allocated/allocatable (share). Without NAME, every"
                    + " cluster fedstream has had a heartbeat from."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get clusters",
            "  fedstream get clusters member2 -o wide",
            "  fedstream get clusters -o json --server http://127.0.0.1:8080 --token T"})
final class GetClustersCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The cluster's name.")
    private String name;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide (adds reason, time in state and taints), yaml or json (default: ${DEFAULT-VALUE}).")
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
            answer = query.client().get(name == null ? "/apis/clusters" : "/apis/clusters/" + QueryOptions.encode(name));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? "cluster " + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<JsonNode> clusters = new ArrayList<>();
        if (name == null) {
            answer.path("items").forEach(clusters::add);
        } else {
            clusters.add(answer);
        }
        if (clusters.isEmpty()) {
            err.println("No clusters found: fedstream has had no heartbeat yet.");
            return 0;
        }
        out.print(ClusterTable.render(clusters, output == Output.wide, Instant.now()));
        return 0;
    }
}
