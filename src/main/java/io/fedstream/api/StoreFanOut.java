package io.fedstream.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Lists a store partitioned like a source topic across every instance: each is asked for its own partitions (this
 * one locally), and a moment in which no instance reads any partition is 503, never a silently short list.
 */
final class StoreFanOut {

    private final KafkaStreams streams;
    private final String store;
    private final String partitionedLike;
    private final HostInfo self;

    /** {@code partitionedLike}: a source topic of the sub-topology holding the store, whose partitions are the store's. */
    StoreFanOut(KafkaStreams streams, String store, String partitionedLike, HostInfo self) {
        this.streams = streams;
        this.store = store;
        this.partitionedLike = partitionedLike;
        this.self = self;
    }

    /**
     * Everything the instances hold: {@code local} answers for this instance's partitions, {@code peer} for another
     * instance's, given as a comma-separated list.
     */
    <T> List<T> collect(Function<Set<Integer>, List<T>> local, BiFunction<HostInfo, String, CompletableFuture<List<T>>> peer) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ", not RUNNING: partitions may be moving");
        }
        Collection<StreamsMetadata> instances = streams.streamsMetadataForStore(store);
        if (instances.isEmpty()) {
            throw new StoreUnavailableException("no instance holds " + store + " now (rebalancing)");
        }
        List<T> found = new ArrayList<>();
        List<CompletableFuture<List<T>>> asked = new ArrayList<>();
        boolean anyPartition = false;
        for (StreamsMetadata instance : instances) {
            Set<Integer> partitions = new TreeSet<>();
            instance.topicPartitions().stream().filter(p -> p.topic().equals(partitionedLike)).forEach(p -> partitions.add(p.partition()));
            if (partitions.isEmpty()) {
                continue;
            }
            anyPartition = true;
            if (instance.hostInfo().equals(self)) {
                found.addAll(local.apply(partitions));
            } else {
                asked.add(peer.apply(instance.hostInfo(), partitions.stream().map(String::valueOf).collect(Collectors.joining(","))));
            }
        }
        if (!anyPartition) {
            throw new StoreUnavailableException("no instance is active for a partition of " + partitionedLike
                    + " (and so of " + store + ") now");
        }
        try {
            asked.forEach(answer -> found.addAll(answer.join()));
        } catch (CompletionException e) {
            throw e.getCause() instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException("an instance failed to answer: " + e.getCause(), e.getCause());
        }
        return found;
    }
}
