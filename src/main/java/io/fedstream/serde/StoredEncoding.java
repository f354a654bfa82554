package io.fedstream.serde;

/**
 * What a stored value's bytes say about its encoding: the one this version writes, one that an earlier fedstream wrote
 * (the store must be rebuilt), or neither (a damaged entry, which the store's readers dead-letter as before).
 */
public sealed interface StoredEncoding {

    /** The encoding this version writes and reads. */
    StoredEncoding CURRENT = new Current();

    /** The encoding this version writes. */
    record Current() implements StoredEncoding {}

    /** @param found what the value is in, e.g. "JSON, the encoding of fedstream before commit 1af7201" */
    record Earlier(String found) implements StoredEncoding {}

    /** @param reason why the value is neither the current encoding nor an earlier one, with its first bytes */
    record Unreadable(String reason) implements StoredEncoding {}

    /** Tells the encoding of one store's values. */
    @FunctionalInterface
    interface Classifier {
        StoredEncoding of(byte[] value);
    }
}
