package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers for the whole application from a store partitioned across instances: this instance reads its own partitions,
 * and every other instance is asked on an internal route ({@code ?partitions=}) for exactly the partitions it is active
 * for, so an answer is complete or 503, never silently short.
 */
final class FanOut {

    private final Partitions partitions;
    private final PeerClient peers;

    FanOut(Partitions partitions, PeerClient peers) {
        this.partitions = partitions;
        this.peers = peers;
    }

    /** The answer of the instance active for {@code key}'s partition: {@code here} reads it, or {@code peerPath} on its owner. */
    <T> T atKey(String store, String key, IntFunction<T> here, String peerPath, Function<JsonNode, T> read) {
        KeyQueryMetadata owner = partitions.owner(store, key);
        if (owner.activeHost().equals(partitions.self())) {
            return here.apply(owner.partition());
        }
        return join(peers.get(owner.activeHost(), withPartitions(peerPath, Set.of(owner.partition())))
                .thenApply(body -> readAnswer(body, read, owner.activeHost())), "the instance active for " + key);
    }

    /** One object from the instance active for {@code key}'s partition; empty when it has none (a peer's 404). */
    <T> Optional<T> findAtKey(String store, String key, IntFunction<Optional<T>> here, String peerPath, Function<JsonNode, T> read) {
        KeyQueryMetadata owner = partitions.owner(store, key);
        if (owner.activeHost().equals(partitions.self())) {
            return here.apply(owner.partition());
        }
        return join(peers.find(owner.activeHost(), withPartitions(peerPath, Set.of(owner.partition())))
                .thenApply(body -> body.map(found -> readAnswer(found, read, owner.activeHost()))),
                "the instance active for " + key);
    }

    /** What every instance holds in its active partitions of {@code store}, concatenated: {@code here} for this one's. */
    <T> List<T> everywhere(String store, Function<Set<Integer>, List<T>> here, String peerPath, Function<JsonNode, List<T>> read) {
        List<T> found = new ArrayList<>();
        List<CompletableFuture<List<T>>> asked = new ArrayList<>();
        for (Map.Entry<HostInfo, Set<Integer>> owner : partitions.owners(store).entrySet()) {
            if (owner.getKey().equals(partitions.self())) {
                found.addAll(here.apply(owner.getValue()));
            } else {
                asked.add(peers.get(owner.getKey(), withPartitions(peerPath, owner.getValue()))
                        .thenApply(body -> readAnswer(body, read, owner.getKey())));
            }
        }
        asked.forEach(answer -> found.addAll(join(answer, "an instance holding " + store)));
        return found;
    }

    /** One partition's slice of a page as this instance reads it, after the key {@code after} (null: from the first). */
    @FunctionalInterface
    interface LocalPage {
        /** Offers the partition's objects to the page until it is full; true when the partition has no more. */
        boolean read(int partition, String after, ListPage page);
    }

    /**
     * Fills one page of a list over a partitioned store, partition after partition in order from {@code from}: this
     * instance's partitions through {@code here}, the others' by asking their owner on {@code peerPath} (an internal
     * page route, given the partition, the key to resume after, what the page still takes and the time left). Returns
     * where the next page starts, empty once the last partition is read to its end.
     */
    Optional<Continue> page(String store, Optional<Continue> from, ListPage page, LocalPage here, String peerPath) {
        TreeMap<Integer, HostInfo> owners = new TreeMap<>();
        partitions.owners(store).forEach((host, held) -> held.forEach(partition -> owners.put(partition, host)));
        String after = from.map(Continue::after).orElse(null);
        for (Map.Entry<Integer, HostInfo> owner : owners.tailMap(from.map(Continue::partition).orElse(0), true).entrySet()) {
            if (page.full()) {
                return Optional.of(new Continue(owner.getKey(), after));
            }
            if (!slice(store, owner.getValue(), owner.getKey(), after, page, here, peerPath)) {
                return Optional.of(new Continue(owner.getKey(), page.lastKey()));
            }
            after = null;
        }
        return Optional.empty();
    }

    /**
     * Fills one page from the one partition {@code key} belongs to (a namespace's), from the key {@code after} on;
     * returns where the next page starts, empty once the partition is read to its end.
     */
    Optional<Continue> pageAtKey(String store, String key, String after, ListPage page, LocalPage here, String peerPath) {
        KeyQueryMetadata owner = partitions.owner(store, key);
        if (page.full()) {
            return Optional.of(new Continue(owner.partition(), after));
        }
        if (!slice(store, owner.activeHost(), owner.partition(), after, page, here, peerPath)) {
            return Optional.of(new Continue(owner.partition(), page.lastKey()));
        }
        return Optional.empty();
    }

    /** Reads one partition's slice into the page, here or on its owner; true when the partition has no more. */
    private boolean slice(String store, HostInfo owner, int partition, String after, ListPage page, LocalPage here, String peerPath) {
        page.resumeAfter(after);
        return owner.equals(partitions.self())
                ? read(store, partition, () -> here.read(partition, after, page))
                : peers.page(owner, withPartitions(peerPath, Set.of(partition)) + pageQuery(after, page), page);
    }

    private static String pageQuery(String after, ListPage page) {
        return (after == null ? "" : "&after=" + PeerClient.segment(after)) + "&limit=" + page.remaining()
                + "&budgetMs=" + page.deadline().remaining().toMillis();
    }

    /**
     * Reads this instance's partition of a store: a partition that is not (or no longer) active here, moving or
     * restoring, makes the answer 503 rather than leave it out.
     */
    <T> T read(String store, int partition, Supplier<T> read) {
        try {
            return read.get();
        } catch (InvalidStateStoreException e) {
            throw new StoreUnavailableException("store " + store + " partition " + partition
                    + " is not queryable here (migrating or restoring): " + e.getMessage(), e);
        }
    }

    /** Every value of this instance's given partitions of a store, partition by partition. */
    <V> List<V> values(String store, Set<Integer> partitions) {
        List<V> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            read(store, partition, () -> {
                try (KeyValueIterator<String, V> entries = this.<V>store(store, partition).all()) {
                    entries.forEachRemaining(entry -> found.add(entry.value));
                }
                return found;
            });
        }
        return found;
    }

    /**
     * Reads one of this instance's active partitions of a store whose every partition holds the same entries (the
     * namespace pass's cluster-wide policies); 503 when none is active here.
     */
    <V, T> T anyPartition(String store, Function<ReadOnlyKeyValueStore<String, V>, T> read) {
        Set<Integer> here = partitions.owners(store).getOrDefault(partitions.self(), Set.of());
        if (here.isEmpty()) {
            throw new StoreUnavailableException("no partition of store " + store + " is active on this instance");
        }
        int partition = new TreeSet<>(here).first();
        return read(store, partition, () -> read.apply(this.<V>store(store, partition)));
    }

    /** This instance's partition of a store, to read inside {@link #read}. */
    <V> ReadOnlyKeyValueStore<String, V> store(String store, int partition) {
        return partitions.store(store, partition);
    }

    private static <T> T join(CompletableFuture<T> answer, String who) {
        try {
            return answer.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException(who + " failed to answer: " + e.getCause(), e.getCause());
        }
    }

    /** A peer's answer read back; one this version cannot read (a peer of another version, mid-upgrade) is 503, not 500. */
    private static <T> T readAnswer(JsonNode body, Function<JsonNode, T> read, HostInfo peer) {
        try {
            return read.apply(body);
        } catch (RuntimeException e) {
            throw new StoreUnavailableException("instance " + peer + " answered what this instance cannot read: " + e, e);
        }
    }

    private static String withPartitions(String path, Set<Integer> partitions) {
        return path + (path.contains("?") ? "&" : "?") + "partitions="
                + partitions.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }
}
