package io.fedstream.mirror;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.place.ClusterCapacity;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.Test;

/** The directory is parsed again only after it changed, and then shows the change. */
class ParsedClusterViewsTest {

    private static final Instant AT = Instant.parse("2026-12-02T10:00:00Z");

    private final Views views = new Views();
    private final ClusterViewChanges changes = new ClusterViewChanges();
    private final ParsedClusterViews parsed = new ParsedClusterViews(views, changes);

    @Test
    void theClustersAreReadOnceUntilTheDirectoryChanges() {
        views.entries.put("dc-1", watch("dc-1", "8"));

        List<ClusterCapacity> first = parsed.clusters();
        List<ClusterCapacity> again = parsed.clusters();

        assertThat(again).isSameAs(first);
        assertThat(views.reads).isEqualTo(1);
        assertThat(first).extracting(c -> c.allocatable().toQuantities().get("cpu")).containsExactly("8");

        views.entries.put("dc-1", watch("dc-1", "16"));
        changes.applied();
        views.entries.put("dc-2", watch("dc-2", "4"));
        changes.applied();

        assertThat(parsed.clusters()).extracting(c -> c.name() + " " + c.allocatable().toQuantities().get("cpu"))
                .containsExactly("dc-1 16", "dc-2 4");
        assertThat(views.reads).isEqualTo(2);
    }

    private static ClusterWatch watch(String cluster, String cpu) {
        ClusterHealthEvent heartbeat = ClusterHealthEvent.newBuilder()
                .setCluster(cluster)
                .setHeartbeatAt(AT)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                .setAllocatable(Map.of("cpu", cpu))
                .setAllocated(Map.of())
                .build();
        return ClusterWatch.newBuilder().setCluster(cluster).setState(ClusterState.READY).setReason("Joined").setSince(AT)
                .setHeartbeat(heartbeat).build();
    }

    /** The global store as a sorted map, counting how often it is read whole. */
    private static final class Views implements ReadOnlyKeyValueStore<String, ClusterWatch> {
        final TreeMap<String, ClusterWatch> entries = new TreeMap<>();
        int reads;

        @Override
        public ClusterWatch get(String key) {
            return entries.get(key);
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> range(String from, String to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> all() {
            reads++;
            Iterator<Map.Entry<String, ClusterWatch>> it = new TreeMap<>(entries).entrySet().iterator();
            return new KeyValueIterator<>() {
                @Override
                public void close() {
                }

                @Override
                public String peekNextKey() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public KeyValue<String, ClusterWatch> next() {
                    Map.Entry<String, ClusterWatch> entry = it.next();
                    return KeyValue.pair(entry.getKey(), entry.getValue());
                }
            };
        }

        @Override
        public long approximateNumEntries() {
            return entries.size();
        }
    }
}
