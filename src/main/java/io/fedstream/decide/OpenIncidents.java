package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;

/** Per cluster, the transition (SUSPECT, FAILED or RECOVERING) of its incident still open (the section {@link PassState#OPEN_INCIDENTS}). */
final class OpenIncidents {

    private final Section<ClusterStateEvent> store;

    OpenIncidents(Section<ClusterStateEvent> store) {
        this.store = store;
    }

    /** The cluster's open incident as its latest transition, null when it has none. */
    ClusterStateEvent of(String cluster) {
        return store.get(cluster);
    }

    void update(String cluster, ClusterStateEvent transition) {
        store.put(cluster, transition);
    }

    void close(String cluster) {
        store.delete(cluster);
    }

    /** The clusters with an open incident. */
    List<String> clusters() {
        List<String> clusters = new ArrayList<>();
        try (KeyValueIterator<String, ClusterStateEvent> it = store.all()) {
            it.forEachRemaining(entry -> clusters.add(entry.key));
        }
        return clusters;
    }
}
