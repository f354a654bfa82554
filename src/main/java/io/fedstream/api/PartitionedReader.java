package io.fedstream.api;

/**
 * An {@link ObjectReader} over a store partitioned across instances: a list reads partition after partition, and the
 * instance active for a partition reads its slice ({@link #localPage}), asked by the others on an internal route.
 */
interface PartitionedReader extends ObjectReader {

    /**
     * Offers this instance's objects of {@code scope} in one partition, after the key {@code after} (null: from the
     * first), to {@code page} until it is full; true when the partition has no more.
     */
    boolean localPage(int partition, Scope scope, String after, ListPage page);
}
