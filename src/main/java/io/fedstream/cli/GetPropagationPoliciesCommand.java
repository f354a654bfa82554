package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream get propagationpolicies}: the (Cluster)PropagationPolicies fedstream has read, and whether each is in force. */
@Command(name = "propagationpolicies", aliases = {"propagationpolicy", "pp"}, mixinStandardHelpOptions = true,
        description = {
            "Shows propagation policies.",
            "",
            "As the placing stages read them from fedstream.policies: kind, namespace, name, priority, replica scheduling,"
                    + " and whether the policy is in force; a refused one names its first problem (field, reason, value) and"
                    + " governs no workload. Without -n, every policy; with -n,"
                    + " that namespace's PropagationPolicies."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get propagationpolicies",
            "  fedstream get propagationpolicies -n payments",
            "  fedstream get propagationpolicies -o yaml --server http://127.0.0.1:8080 --token T"})
final class GetPropagationPoliciesCommand implements Callable<Integer> {

    enum Output { table, yaml, json }

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Only this namespace's PropagationPolicies (default: every policy of both kinds).")
    private String namespace;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, yaml or json (default: ${DEFAULT-VALUE}).")
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
            answer = query.client().get("/apis/propagationpolicies" + (namespace == null ? "" : "?namespace=" + QueryOptions.encode(namespace)));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        if (output != Output.table) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<JsonNode> policies = new ArrayList<>();
        answer.path("items").forEach(policies::add);
        if (policies.isEmpty()) {
            err.println(namespace == null ? "No propagation policies found: without one, fedstream places no workload, as Karmada."
                    : "No propagationpolicies found in " + namespace + " namespace.");
            return 0;
        }
        out.print(PropagationPolicyTable.render(policies));
        return 0;
    }
}
