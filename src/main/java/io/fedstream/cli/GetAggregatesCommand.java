package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import io.fedstream.api.AggregateObject;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream get aggregates}: what admitted workloads run, per component of a namespace or per namespace of a cluster. */
@Command(name = "aggregates", aliases = {"aggregate", "agg"}, mixinStandardHelpOptions = true,
        description = {
            "Shows what admitted workloads run.",
            "",
            "With -n, a namespace's workloads, replicas and requests per kind and component; with --cluster, a cluster's"
                    + " per namespace; with neither, every cluster's. Unplaced workloads count in their namespace only."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get aggregates -n ml",
            "  fedstream get aggregates --cluster member1 -o yaml",
            "  fedstream get aggregates -o json --server http://127.0.0.1:8080 --token T"})
final class GetAggregatesCommand implements Callable<Integer> {

    enum Output { table, yaml, json }

    @Option(names = {"-n", "--namespace"}, description = "A namespace's aggregates.")
    private String namespace;

    @Option(names = "--cluster", paramLabel = "NAME", description = "One cluster's aggregates (default: every cluster's).")
    private String cluster;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The object at {@code path}; an empty one where there is none (nothing admitted there is no error). */
    private JsonNode found(String path) throws QueryClient.QueryException, InterruptedException {
        try {
            return query.client().get(path);
        } catch (QueryClient.QueryException e) {
            if (e.status() == 404) {
                return JsonNodeFactory.instance.objectNode();
            }
            throw e;
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        if (namespace != null && cluster != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give -n or --cluster, not both");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode answer;
        try {
            answer = namespace != null ? found(KubeResource.AGGREGATES.one(namespace, namespace))
                    : cluster != null ? found(KubeResource.CLUSTER_AGGREGATES.one(cluster))
                    : ListOutput.of(query.client().list(KubeResource.CLUSTER_AGGREGATES.all()));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        if (output != Output.table) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        if (namespace != null) {
            NamespaceAggregates aggregates = AggregateObject.namespaceFromJson(answer.path("status"));
            if (aggregates.components().isEmpty() && aggregates.total().isEmpty()) {
                err.println("No admitted workloads in " + namespace + " namespace.");
                return 0;
            }
            out.print(AggregateTable.namespace(aggregates));
            return 0;
        }
        List<JsonNode> clusters = new ArrayList<>();
        (cluster != null ? List.of(answer) : answer.path("items")).forEach(clusters::add);
        List<ClusterShare> shares = AggregateObject.sharesFromClusterObjects(clusters);
        if (shares.isEmpty()) {
            err.println("No admitted workloads placed on " + (cluster != null ? "cluster " + cluster : "any cluster") + ".");
            return 0;
        }
        out.print(AggregateTable.clusters(shares));
        return 0;
    }
}
