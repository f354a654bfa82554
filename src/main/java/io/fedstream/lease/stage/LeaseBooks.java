package io.fedstream.lease.stage;

import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.lease.ClusterBook;
import io.fedstream.lease.ClusterView;
import io.fedstream.lease.LeaseSettings;
import io.fedstream.lease.ParsedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The books of the clusters this allocator task owns, in {@link AllocatorStage#STORE}: each decision reads the
 * cluster's book, decides on it, and writes it back only when it changed, so that a decision that fails half-way
 * leaves the book as it was.
 */
final class LeaseBooks {

    private final KeyValueStore<String, StoredLeaseBook> store;
    private final LeaseSettings settings;

    LeaseBooks(KeyValueStore<String, StoredLeaseBook> store, LeaseSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** A task's request to the cluster: the grants it leads to, the answer first. */
    List<LeaseGrant> ask(String cluster, ParsedRequest request, long now) {
        return decide(cluster, book -> book.ask(request, now));
    }

    /** The answer to a task's request that could not be taken in, saying {@code why}. */
    List<LeaseGrant> refused(String cluster, int partition, long sequence, String why, long now) {
        return decide(cluster, book -> List.of(book.refused(partition, sequence, why, now)));
    }

    /** The cluster's latest view: the grants the room it shows leads to. */
    List<LeaseGrant> see(String cluster, ClusterView view, long now) {
        return decide(cluster, book -> book.see(view, now));
    }

    /** Every book's chunks whose time is up stop being counted: the grants the freed room leads to. */
    List<LeaseGrant> expireAll(long now) {
        List<String> clusters = new ArrayList<>();
        try (KeyValueIterator<String, StoredLeaseBook> books = store.all()) {
            books.forEachRemaining(entry -> clusters.add(entry.key));
        }
        // Written once the iterator is closed: not every store layer promises a stable scan under writes.
        List<LeaseGrant> grants = new ArrayList<>();
        for (String cluster : clusters) {
            grants.addAll(decide(cluster, book -> book.expire(now)));
        }
        return grants;
    }

    private List<LeaseGrant> decide(String cluster, Function<ClusterBook, List<LeaseGrant>> decision) {
        StoredLeaseBook before = store.get(cluster);
        ClusterBook book = before == null ? ClusterBook.empty(cluster, settings) : ClusterBook.of(before, settings);
        List<LeaseGrant> grants = decision.apply(book);
        StoredLeaseBook after = book.toStored();
        if (!after.equals(before)) {
            store.put(cluster, after);
        }
        return grants;
    }
}
