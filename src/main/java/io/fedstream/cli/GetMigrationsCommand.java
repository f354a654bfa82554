package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fedstream get migrations [-n NS | -A]}: the fail-over stage's migrations and their phases, as a table, YAML or JSON. */
@Command(name = "migrations", aliases = {"migration"}, mixinStandardHelpOptions = true,
        description = {
            "Shows migrations and their phase.",
            "",
            "The migrations the fail-over stage issued after a cluster failure, one row per command (workload, incident,"
                    + " attempt), with the clusters, the strategy and the life-cycle phase (ISSUED, STARTED, RESTORED,"
                    + " COMPLETED, FAILED). With -o wide, also checkpoint, deltas, sizes, candidates and reason."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get migrations -n payments",
            "  fedstream get migrations -A -o wide",
            "  fedstream get migrations -n payments -o yaml --server http://127.0.0.1:8080 --token T"})
final class GetMigrationsCommand implements Callable<Integer> {

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
        String namespace = scope.namespace();
        List<JsonNode> migrations;
        try {
            migrations = query.client().list(scope.all() ? KubeResource.MIGRATIONS.all() : KubeResource.MIGRATIONS.in(namespace));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(JsonOutput.render(ListOutput.of(migrations), output == Output.yaml));
            return 0;
        }
        if (migrations.isEmpty()) {
            err.println(scope.all() ? "No migrations." : "No migrations in namespace " + namespace + ".");
            return 0;
        }
        out.print(MigrationTable.render(migrations, output == Output.wide, Instant.now()));
        return 0;
    }
}
