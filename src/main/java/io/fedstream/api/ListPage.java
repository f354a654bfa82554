package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Predicate;

/**
 * One page of a list as it is written: the objects a reader offers go out one by one (never gathered), those the
 * selectors refuse are passed over, and the page is full at its limit or at the request's deadline, whichever comes
 * first. It remembers the key of the last object read, where the next page resumes.
 */
final class ListPage {

    /** Where the objects of the page go as they are read. */
    @FunctionalInterface
    interface ObjectSink {
        void write(String key, ObjectNode object);
    }

    private final ObjectSink sink;
    private final Predicate<? super ObjectNode> selector;
    private final int limit;
    private final RequestDeadline deadline;
    private int written;
    private String lastKey;

    ListPage(ObjectSink sink, Predicate<? super ObjectNode> selector, int limit, RequestDeadline deadline) {
        this.sink = sink;
        this.selector = selector;
        this.limit = limit;
        this.deadline = deadline;
    }

    /** Nothing more goes on this page: it holds {@code limit} objects, or the deadline has passed. */
    boolean full() {
        return written >= limit || deadline.passed();
    }

    /** How many more objects the page takes. */
    int remaining() {
        return Math.max(0, limit - written);
    }

    RequestDeadline deadline() {
        return deadline;
    }

    /** Writes the object, read at {@code key}, when the selectors take it. */
    void offer(String key, ObjectNode object) {
        lastKey = key;
        if (selector.test(object)) {
            sink.write(key, object);
            written++;
        }
    }

    /** Reading moves to another partition, resuming after {@code after} there (null: from its first key). */
    void resumeAfter(String after) {
        lastKey = after;
    }

    /** A key read that holds no object (an index entry whose object is gone): the next page still resumes after it. */
    void passed(String key) {
        lastKey = key;
    }

    /** The key of the last object read in the partition being read, else the key it resumed after (null: none). */
    String lastKey() {
        return lastKey;
    }
}
