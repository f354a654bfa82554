package io.fedstream.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fedstream.api.BindingObject;
import io.fedstream.avro.ResourceBinding;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fedstream get resourcebindings [NAME]}: one binding or a namespace's, as a table, per template, YAML or JSON. */
@Command(name = "resourcebindings", aliases = {"resourcebinding", "rb"}, mixinStandardHelpOptions = true,
        description = {
            "Shows ResourceBindings: NAME is Karmada's binding name, <workload name>-<lower-case kind>",
            "(e.g. fraud-detector-flinkdeployment); without NAME, every binding of the namespace."})
final class GetResourceBindingsCommand implements Callable<Integer> {

    enum Output { table, wide, yaml, json }

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The binding's name.")
    private String name;

    @Option(names = {"-n", "--namespace"}, defaultValue = "default", description = "Namespace (default: ${DEFAULT-VALUE}).")
    private String namespace;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, wide (one row per template), yaml or json (default: ${DEFAULT-VALUE}).")
    private Output output;

    @Option(names = "--server", defaultValue = "http://127.0.0.1:8080", paramLabel = "URL",
            description = "The query API of any fedstream instance (default: ${DEFAULT-VALUE}, the `run --embedded` address).")
    private URI server;

    @Option(names = "--token", defaultValue = "${env:FEDSTREAM_HTTP_BEARER_TOKEN}", paramLabel = "TOKEN",
            description = "Bearer token of the query API; default: the FEDSTREAM_HTTP_BEARER_TOKEN environment variable.")
    private String token;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        QueryClient client = new QueryClient(server, Optional.ofNullable(token));
        JsonNode answer;
        try {
            answer = client.get(name == null
                    ? "/apis/resourcebindings?namespace=" + encode(namespace)
                    : "/apis/resourcebindings/" + encode(namespace) + "/" + encode(name));
        } catch (QueryClient.QueryException e) {
            err.println("error: " + (e.status() == 404 ? "resourcebinding " + namespace + "/" + name + " not found" : e.getMessage()));
            return 1;
        }
        if (output == Output.json || output == Output.yaml) {
            out.print(render(answer));
            return 0;
        }
        List<ResourceBinding> bindings = new ArrayList<>();
        if (name == null) {
            answer.path("items").forEach(item -> bindings.add(BindingObject.fromJson(item)));
        } else {
            bindings.add(BindingObject.fromJson(answer));
        }
        if (bindings.isEmpty()) {
            err.println("No resourcebindings found in " + namespace + " namespace.");
            return 0;
        }
        out.print(output == Output.wide ? BindingTable.render(bindings) : BindingSummaryTable.render(bindings, Instant.now()));
        return 0;
    }

    private String render(JsonNode answer) {
        try {
            ObjectMapper mapper = output == Output.yaml
                    ? YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build()
                    : new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            String text = mapper.writeValueAsString(answer);
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the answer as " + output, e);
        }
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
