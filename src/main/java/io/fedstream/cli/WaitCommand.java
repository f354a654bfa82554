package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fedstream wait --for=condition=FullyApplied resourcebinding/NAME -n NS --timeout 60s} (or
 * {@code clusterresourcebinding/NAME}): waits until a binding's condition holds, as {@code kubectl wait
 * --for=condition=...} does, asking the query API, and says so in kubectl's words.
 */
@Command(name = "wait", mixinStandardHelpOptions = true,
        description = {
            "Waits until a binding's condition holds.",
            "",
            "A ResourceBinding (resourcebinding/NAME -n NS) or a ClusterResourceBinding (clusterresourcebinding/NAME).",
            "Asks the query API for the binding every second, as kubectl wait watches it, until its status.conditions say"
                    + " the condition is True (or the value given: condition=NAME=False). The conditions are Karmada's:"
                    + " Scheduled and FullyApplied (docs/propagation.md).",
            "",
            "Exit codes: 0 the condition is met, 1 the time-out passed (the last status is printed) or the binding does not"
                    + " exist, 2 a bad argument."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream wait --for=condition=FullyApplied resourcebinding/web-deployment -n shop --timeout 60s",
            "  fedstream wait --for=condition=Scheduled rb/fraud-detector-flinkdeployment -n streaming --server http://127.0.0.1:8080 --token T",
            "  fedstream wait --for=condition=FullyApplied clusterresourcebinding/guestbook-namespace"})
final class WaitCommand implements Callable<Integer> {

    private static final String GROUP = "work.karmada.io";
    /** How kubectl lets one name the kinds: singular, plural, short name, each also with its group. */
    private static final Set<String> NAMESPACED = Set.of("resourcebinding", "resourcebindings", "rb");
    private static final Set<String> CLUSTER_SCOPED = Set.of("clusterresourcebinding", "clusterresourcebindings", "crb");
    private static final Duration POLL = Duration.ofSeconds(1);

    @Parameters(index = "0", paramLabel = "resourcebinding/NAME",
            description = "The binding: resourcebinding/NAME (or rb/NAME), or clusterresourcebinding/NAME (crb/NAME).")
    private String object;

    @Option(names = "--for", required = true, paramLabel = "condition=NAME[=VALUE]",
            description = "The condition to wait for, e.g. condition=FullyApplied; VALUE defaults to True.")
    private String condition;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", defaultValue = "default", description = "Namespace (default: ${DEFAULT-VALUE}).")
    private String namespace;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s", converter = DurationConverter.class,
            description = "How long to wait, e.g. 60s or 5m (default: ${DEFAULT-VALUE}, as kubectl).")
    private Duration timeout;

    @CommandLine.Mixin
    private QueryOptions query;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** A condition and the status it should have, as {@code --for=condition=NAME[=VALUE]} says. */
    record Wanted(String type, String status) {

        static Wanted parse(String text) {
            if (!text.startsWith("condition=") || text.length() == "condition=".length()) {
                throw new IllegalArgumentException("--for: must be condition=NAME or condition=NAME=VALUE (value: " + text + ")");
            }
            String rest = text.substring("condition=".length());
            int equals = rest.indexOf('=');
            if (equals < 0) {
                return new Wanted(rest, "True");
            }
            String value = rest.substring(equals + 1);
            return new Wanted(rest.substring(0, equals), value.isEmpty() ? "True"
                    : value.substring(0, 1).toUpperCase(Locale.ROOT) + value.substring(1).toLowerCase(Locale.ROOT));
        }

        boolean metBy(JsonNode binding) {
            for (JsonNode found : binding.path("status").path("conditions")) {
                if (found.path("type").asText().equalsIgnoreCase(type)) {
                    return found.path("status").asText().equals(status);
                }
            }
            return false;
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Wanted wanted;
        Target target;
        try {
            wanted = Wanted.parse(condition);
            target = Target.parse(object);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        String name = target.name();
        String path = target.clusterScoped() ? KubeResource.CLUSTER_RESOURCE_BINDINGS.one(name)
                : "/apis/resourcebindings/" + QueryOptions.encode(namespace) + "/" + QueryOptions.encode(name);
        QueryClient client = query.client();
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (true) {
            try {
                last = client.get(path);
                if (wanted.metBy(last)) {
                    out.println(target.singular() + "." + GROUP + "/" + name + " condition met");
                    return 0;
                }
            } catch (QueryClient.QueryException e) {
                if (e.status() == 404) {
                    err.println("error: " + target.plural() + " \"" + name + "\" not found"
                            + (target.clusterScoped() ? "" : " in " + namespace + " namespace"));
                    return 1;
                }
                if (e.status() != 503) {
                    err.println("error: " + e.getMessage());
                    return 1;
                }
            }
            if (System.nanoTime() >= deadline) {
                err.println("error: timed out waiting for the condition on " + target.plural() + "/" + name);
                if (last != null) {
                    ObjectNode status = JsonNodeFactory.instance.objectNode();
                    status.set("conditions", last.path("status").path("conditions"));
                    status.set("aggregatedStatus", last.path("status").path("aggregatedStatus"));
                    err.print(JsonOutput.render(status, true));
                }
                return 1;
            }
            Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
        }
    }

    /** The binding waited for: of a cluster-scoped object or not, and its name. */
    private record Target(boolean clusterScoped, String name) {

        /** {@code resourcebinding/NAME} or {@code clusterresourcebinding/NAME}, each kind by any of kubectl's names for it. */
        static Target parse(String object) {
            int slash = object.indexOf('/');
            String kind = slash < 0 ? "" : object.substring(0, slash).toLowerCase(Locale.ROOT);
            if (kind.endsWith("." + GROUP)) {
                kind = kind.substring(0, kind.length() - GROUP.length() - 1);
            }
            boolean clusterScoped = CLUSTER_SCOPED.contains(kind);
            if (!clusterScoped && !NAMESPACED.contains(kind) || slash == object.length() - 1) {
                throw new IllegalArgumentException("resourcebinding/NAME or clusterresourcebinding/NAME expected (value: " + object + ")");
            }
            return new Target(clusterScoped, object.substring(slash + 1));
        }

        String singular() {
            return clusterScoped ? "clusterresourcebinding" : "resourcebinding";
        }

        String plural() {
            return singular() + "s";
        }
    }
}
