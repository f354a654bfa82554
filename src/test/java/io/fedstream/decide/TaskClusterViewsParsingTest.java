package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.place.ClusterCapacity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The directory is parsed again only after it changed, and then shows the change. */
class TaskClusterViewsParsingTest {

    private final InMemoryClusterDirectory views = new InMemoryClusterDirectory();

    @Test
    void theClustersAreReadOnceUntilTheDirectoryChanges() {
        views.put("dc-1", "8", Map.of());
        TaskClusterViews parsed = new TaskClusterViews(views);
        // The task's start reads every view once, to know those it has taken in.
        views.reads = 0;

        List<ClusterCapacity> first = parsed.clusters();
        List<ClusterCapacity> again = parsed.clusters();

        assertThat(again).isSameAs(first);
        assertThat(views.reads).isEqualTo(1);
        assertThat(first).extracting(c -> c.allocatable().toQuantities().get("cpu")).containsExactly("8");

        views.put("dc-1", "16", Map.of());
        parsed.apply("dc-1", views.get("dc-1"));
        views.put("dc-2", "4", Map.of());
        parsed.apply("dc-2", views.get("dc-2"));

        assertThat(parsed.clusters()).extracting(c -> c.name() + " " + c.allocatable().toQuantities().get("cpu"))
                .containsExactly("dc-1 16", "dc-2 4");
        assertThat(views.reads).isEqualTo(2);
    }
}
