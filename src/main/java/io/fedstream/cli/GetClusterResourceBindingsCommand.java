package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code fedstream get clusterresourcebindings [NAME]}: the bindings of cluster-scoped objects, as a table, YAML or JSON. */
@Command(name = "clusterresourcebindings", aliases = {"clusterresourcebinding", "crb"}, mixinStandardHelpOptions = true,
        description = {
            "Shows ClusterResourceBindings.",
            "",
            "The bindings of cluster-scoped objects (a Namespace, a ClusterRole, a CustomResourceDefinition, ...) that a"
                    + " ClusterPropagationPolicy selects, named as Karmada names them: <object name>-<lower-case kind> (e.g."
                    + " guestbook-namespace). They run no pods: -o wide shows the same columns."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get clusterresourcebindings",
            "  fedstream get clusterresourcebindings guestbook-namespace -o yaml --server http://127.0.0.1:8080 --token T"})
final class GetClusterResourceBindingsCommand extends ClusterScopedGetCommand {

    @Override
    String kind() {
        return "clusterresourcebinding";
    }

    @Override
    KubeResource resource() {
        return KubeResource.CLUSTER_RESOURCE_BINDINGS;
    }

    @Override
    String table(List<JsonNode> bindings, boolean wide) {
        return BindingSummaryTable.render(bindings, Instant.now(), false);
    }
}
