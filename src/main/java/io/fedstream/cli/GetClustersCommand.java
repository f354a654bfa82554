package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code fedstream get clusters [NAME]}: the life-cycle state of member clusters, as a table, YAML or JSON. */
@Command(name = "clusters", aliases = {"cluster"}, mixinStandardHelpOptions = true,
        description = {
            "Shows member clusters and health.",
            "",
            "As the watch-clusters stage sees them: state (READY, SUSPECT, FAILED, RECOVERING), Ready condition, last"
                    + " heartbeat, open incident, flaps, and cpu and memory as allocated/allocatable (share); -o wide adds"
                    + " reason, time in state and taints. Without NAME, every cluster fedstream has had a heartbeat from."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get clusters",
            "  fedstream get clusters member2 -o wide",
            "  fedstream get clusters -o json --server http://127.0.0.1:8080 --token T"})
final class GetClustersCommand extends ClusterScopedGetCommand {

    @Override
    String kind() {
        return "cluster";
    }

    @Override
    KubeResource resource() {
        return KubeResource.CLUSTERS;
    }

    @Override
    String noneFound() {
        return "No clusters found: fedstream has had no heartbeat yet.";
    }

    @Override
    String table(List<JsonNode> clusters, boolean wide) {
        return ClusterTable.render(clusters, wide, Instant.now());
    }
}
