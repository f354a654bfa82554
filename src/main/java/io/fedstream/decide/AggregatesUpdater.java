package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.avro.ResourceBinding;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.streams.state.KeyValueStore;

/** Keeps the aggregates store incrementally: when a workload's admitted version changes, only the keys it touches move. */
final class AggregatesUpdater {

    private final KeyValueStore<String, byte[]> store;

    AggregatesUpdater(KeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** Replaces the contribution of {@code before} (null: none) by that of {@code after} (null: none). */
    void replace(ResourceBinding before, ResourceBinding after) {
        Map<String, Aggregate> removed = Contribution.of(before);
        Map<String, Aggregate> added = Contribution.of(after);
        TreeSet<String> keys = new TreeSet<>(removed.keySet());
        keys.addAll(added.keySet());
        for (String key : keys) {
            Aggregate old = removed.getOrDefault(key, Aggregate.NONE);
            Aggregate now = added.getOrDefault(key, Aggregate.NONE);
            if (old.equals(now)) {
                continue;
            }
            byte[] bytes = store.get(key);
            Aggregate current = bytes == null ? Aggregate.NONE : LedgerCodecs.AGGREGATE.decode(bytes);
            Aggregate next = current.minus(old).plus(now);
            if (next.isEmpty()) {
                store.delete(key);
            } else {
                store.put(key, LedgerCodecs.AGGREGATE.encode(next));
            }
        }
    }
}
