package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.place.ClusterCapacity;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The directory is parsed again only after it changed, and then shows the change. */
class ParsedClusterViewsTest {

    private final InMemoryClusterDirectory views = new InMemoryClusterDirectory();
    private final AtomicLong changes = new AtomicLong();
    private final ParsedClusterViews parsed = new ParsedClusterViews(views, changes::get);

    @Test
    void theClustersAreReadOnceUntilTheDirectoryChanges() {
        views.put("dc-1", "8", Map.of());

        List<ClusterCapacity> first = parsed.clusters();
        List<ClusterCapacity> again = parsed.clusters();

        assertThat(again).isSameAs(first);
        assertThat(views.reads).isEqualTo(1);
        assertThat(first).extracting(c -> c.allocatable().toQuantities().get("cpu")).containsExactly("8");

        views.put("dc-1", "16", Map.of());
        changes.incrementAndGet();
        views.put("dc-2", "4", Map.of());
        changes.incrementAndGet();

        assertThat(parsed.clusters()).extracting(c -> c.name() + " " + c.allocatable().toQuantities().get("cpu"))
                .containsExactly("dc-1 16", "dc-2 4");
        assertThat(views.reads).isEqualTo(2);
    }
}
