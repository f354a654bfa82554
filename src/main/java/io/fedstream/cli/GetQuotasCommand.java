package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.admit.stage.QuotaReport;
import io.fedstream.api.QuotaObject;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fedstream get quotas [NAME]}: one FederatedResourceQuota or a namespace's, with status, as a table, YAML or JSON. */
@Command(name = "quotas", aliases = {"quota", "federatedresourcequotas", "federatedresourcequota", "frq"}, mixinStandardHelpOptions = true,
        description = {
            "Shows FederatedResourceQuotas with their status: used/hard per quota key, admitted and rejected workloads,",
            "and why a version on the policies topic was refused; without NAME, every quota of the namespace."})
final class GetQuotasCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The quota's name.")
    private String name;

    @Option(names = {"-n", "--namespace"}, defaultValue = "default", description = "Namespace (default: ${DEFAULT-VALUE}).")
    private String namespace;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide (one more row per cluster), yaml or json (default: ${DEFAULT-VALUE}).")
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
                    ? "/apis/quotas?namespace=" + QueryOptions.encode(namespace)
                    : "/apis/quotas/" + QueryOptions.encode(namespace) + "/" + QueryOptions.encode(name));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? "federatedresourcequota " + namespace + "/" + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(answer, output == Output.yaml));
            return 0;
        }
        List<QuotaReport> reports = new ArrayList<>();
        if (name == null) {
            answer.path("items").forEach(item -> reports.add(QuotaObject.fromJson(item)));
        } else {
            reports.add(QuotaObject.fromJson(answer));
        }
        if (reports.isEmpty()) {
            err.println("No federatedresourcequotas found in " + namespace + " namespace.");
            return 0;
        }
        out.print(QuotaTable.render(reports, output == Output.wide));
        return 0;
    }
}
