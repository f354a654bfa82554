package io.fedstream.decide;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** The {@code cluster NUL workload key} keys of the stores indexed by cluster, so that a prefix scan lists a cluster's workloads. */
final class ClusterWorkloadKeys {

    private static final StringSerializer KEYS = new StringSerializer();
    private static final char SEPARATOR = '\u0000';

    private ClusterWorkloadKeys() {}

    static String of(String cluster, String workloadKey) {
        return cluster + SEPARATOR + workloadKey;
    }

    /** The keys of the workloads the store lists under the cluster. */
    static List<String> under(ReadOnlyKeyValueStore<String, ?> store, String cluster) {
        List<String> keys = new ArrayList<>();
        String prefix = cluster + SEPARATOR;
        try (KeyValueIterator<String, ?> it = store.prefixScan(prefix, KEYS)) {
            it.forEachRemaining(entry -> keys.add(entry.key.substring(prefix.length())));
        }
        return keys;
    }
}
