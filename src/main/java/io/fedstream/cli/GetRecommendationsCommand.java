package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.NamespaceRecommendations;
import io.fedstream.api.RecommendationObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream get recommendations [-n NS | -A] [-o wide|yaml|json]}: right-sizing per template, with namespace totals. */
@Command(name = "recommendations", aliases = {"recommendation", "rec"}, mixinStandardHelpOptions = true,
        description = {
            "Shows right-sizing per pod template.",
            "",
            "What each pod template requests, uses and should request: one row per template of every workload of the namespace (-A: of every namespace): per pod, CPU and memory"
                    + " requested (the binding's), used (the latest interval, averaged over its pods on every cluster) and"
                    + " recommended (the VPA recommender's target, docs/recommendations.md), the idle share and the state;"
                    + " a template without a recommendation says why. Below, per namespace, the totals and, per quota, what"
                    + " the namespace would need at the recommendations. With -o wide: bounds, samples, confidence, reason."
                    + " Advice only: nothing is changed on a cluster."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get recommendations -n payments",
            "  fedstream get recommendations -A -o wide",
            "  fedstream get recommendations -n ml -o yaml --server http://127.0.0.1:8080 --token T"})
final class GetRecommendationsCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @ArgGroup(exclusive = true)
    private NamespaceScope scope = new NamespaceScope();

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide, yaml or json (default: ${DEFAULT-VALUE}).")
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
            answer = query.client().get(scope.all() ? "/apis/recommendations"
                    : "/apis/recommendations?namespace=" + QueryOptions.encode(scope.namespace()));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<NamespaceRecommendations> namespaces = RecommendationObject.fromJson(answer);
        if (namespaces.isEmpty()) {
            err.println(scope.all() ? "No recommendations found." : "No recommendations found in " + scope.namespace() + " namespace.");
            return 0;
        }
        out.print(RecommendationTable.render(namespaces, output == Output.wide));
        return 0;
    }
}
