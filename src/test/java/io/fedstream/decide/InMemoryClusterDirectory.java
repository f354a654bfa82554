package io.fedstream.decide;

import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** The cluster directory's global store in memory, of READY clusters, counting how often it is read whole. */
public final class InMemoryClusterDirectory implements ReadOnlyKeyValueStore<String, ClusterWatch> {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

    private final TreeMap<String, ClusterWatch> entries = new TreeMap<>();
    /** Reads of the whole directory so far; a test may reset it. */
    public int reads;

    /** A READY cluster with this much allocatable cpu, nothing allocated, and these labels. */
    public void put(String cluster, String cpu, Map<String, String> labels) {
        entries.put(cluster, ClusterWatch.newBuilder().setCluster(cluster).setState(ClusterState.READY).setReason("Joined").setSince(AT)
                .setHeartbeat(ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(AT)
                        .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                        .setAllocatable(Map.of("cpu", cpu)).setAllocated(Map.of()).setLabels(labels).build())
                .build());
    }

    @Override
    public ClusterWatch get(String key) {
        return entries.get(key);
    }

    @Override
    public KeyValueIterator<String, ClusterWatch> range(String from, String to) {
        throw new UnsupportedOperationException("the directory is read whole");
    }

    @Override
    public KeyValueIterator<String, ClusterWatch> all() {
        reads++;
        Iterator<Map.Entry<String, ClusterWatch>> it = new ArrayList<>(entries.entrySet()).iterator();
        return new KeyValueIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public KeyValue<String, ClusterWatch> next() {
                Map.Entry<String, ClusterWatch> entry = it.next();
                return KeyValue.pair(entry.getKey(), entry.getValue());
            }

            @Override
            public void close() {}

            @Override
            public String peekNextKey() {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Override
    public long approximateNumEntries() {
        return entries.size();
    }
}
