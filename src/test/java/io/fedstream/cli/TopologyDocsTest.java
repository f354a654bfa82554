package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/** topology-docs/ must show the topology as it is: regenerate with `fedstream topology --write-docs topology-docs`. */
class TopologyDocsTest {

    private static final Path DOCS = Path.of("topology-docs");
    private static final String HOW_TO_FIX =
            "topology-docs/ is stale: run `java -jar target/fedstream.jar topology --write-docs topology-docs` and commit it";

    @Test
    void describeTextIsUpToDate() throws IOException {
        TopologyDescription description = TopologyCommand.describeDefaultTopology();

        assertThat(Files.readString(DOCS.resolve(TopologyDocs.TEXT_FILE)))
                .as(HOW_TO_FIX)
                .isEqualTo(TopologyDocs.text(description));
    }

    @Test
    void mermaidDiagramIsUpToDate() throws IOException {
        TopologyDescription description = TopologyCommand.describeDefaultTopology();

        assertThat(Files.readString(DOCS.resolve(TopologyDocs.MERMAID_FILE)))
                .as(HOW_TO_FIX)
                .isEqualTo(TopologyDocs.mermaid(description));
    }

    @Test
    void healthTopologyDocsAreUpToDate() throws IOException {
        TopologyDescription health = TopologyCommand.describeHealthTopology();

        assertThat(Files.readString(DOCS.resolve(TopologyDocs.HEALTH_TEXT_FILE))).as(HOW_TO_FIX).isEqualTo(TopologyDocs.text(health));
        assertThat(Files.readString(DOCS.resolve(TopologyDocs.HEALTH_MERMAID_FILE))).as(HOW_TO_FIX)
                .isEqualTo(TopologyDocs.mermaid(TopologyCommand.HEALTH_TITLE, health));
    }

    @Test
    void theClusterWatchRunsApartFromTheWorkloadsAndTheyMeetOnlyThroughTopics() {
        String workloads = TopologyDocs.text(TopologyCommand.describeDefaultTopology());
        String health = TopologyDocs.text(TopologyCommand.describeHealthTopology());

        assertThat(health).contains("Processor: watch-clusters (stores: [cluster-states-store])")
                .contains("Sink: cluster-transitions-sink (topic: fedstream.cluster-transitions)")
                .doesNotContain("fedstream.workloads");
        assertThat(workloads).doesNotContain("watch-clusters").doesNotContain("cluster-states-store")
                .contains("Source: cluster-transitions-source (topics: [fedstream.cluster-transitions])")
                .contains("Processor: allocate-leases (stores: [lease-books-store])");
    }

    @Test
    void everySubTopologyAndGlobalStoreIsHeadedByItsStage() {
        for (TopologyDescription description : List.of(TopologyCommand.describeDefaultTopology(), TopologyCommand.describeHealthTopology())) {
            description.subtopologies().forEach(subtopology -> assertThat(StageHeadings.stage(subtopology.nodes()))
                    .as("a stage name for sub-topology %s (StageHeadings)", subtopology).isPresent());
            description.globalStores().forEach(global -> assertThat(StageHeadings.stage(List.of(global.processor())))
                    .as("a stage name for global store %s (StageHeadings)", global).isPresent());
        }
        assertThat(TopologyDocs.mermaid(TopologyCommand.describeDefaultTopology()))
                .contains("\n## Sub-topology 0: the namespace pass (interpret, admit, place, fail over) and the clusters' allocators:"
                        + " keyed by namespace and by cluster (`io.fedstream.decide`, `io.fedstream.lease.stage`)\n")
                .doesNotContain("Global store");
    }

    @Test
    void mermaidShowsTopicsStoresAndEdges() {
        String mermaid = TopologyDocs.mermaid(TopologyCommand.describeDefaultTopology());

        assertThat(mermaid)
                .contains("```mermaid\nflowchart LR\n")
                .contains("t_fedstream_workloads[/\"fedstream.workloads\"/]")
                .contains("t_fedstream_workloads --> n_workloads_source")
                .contains("n_namespace_pass <-.-> s_workloads_store")
                .contains("n_bindings_sink --> t_fedstream_bindings");
    }
}
