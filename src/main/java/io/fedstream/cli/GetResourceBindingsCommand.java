package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.api.BindingObject;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code fedstream get resourcebindings [NAME]}: one binding or a namespace's, as a table, per template, YAML or JSON. */
@Command(name = "resourcebindings", aliases = {"resourcebinding", "rb"}, mixinStandardHelpOptions = true,
        description = {
            "Shows ResourceBindings per template.",
            "",
            "NAME is Karmada's binding name, <workload name>-<lower-case kind> (e.g. fraud-detector-flinkdeployment);"
                    + " without NAME, every binding of the namespace (-A: of every namespace). With -o wide, one row per"
                    + " template."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get resourcebindings -n streaming",
            "  fedstream get resourcebindings fraud-detector-flinkdeployment -n streaming -o wide",
            "  fedstream get resourcebindings -A",
            "  fedstream get resourcebindings -n streaming -o yaml --server http://127.0.0.1:8080 --token T",
            "  fedstream get resourcebindings -A --server https://fedstream.example.com --token T --certificate-authority ca.crt"})
final class GetResourceBindingsCommand extends NamespacedGetCommand<JsonNode> {

    @Override
    String kind() {
        return "resourcebinding";
    }

    @Override
    KubeResource resource() {
        return KubeResource.RESOURCE_BINDINGS;
    }

    @Override
    JsonNode fromJson(JsonNode object) {
        return object;
    }

    @Override
    String table(List<JsonNode> bindings, boolean wide, boolean allNamespaces) {
        // The wide table names each workload by its namespace and name.
        return wide ? BindingTable.render(bindings.stream().map(BindingObject::fromJson).toList())
                : BindingSummaryTable.render(bindings, Instant.now(), allNamespaces);
    }
}
