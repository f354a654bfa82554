package io.fedstream.admit;

import java.util.List;

/** A sorted string-keyed table of bytes, as a RocksDB store is: what {@link EncodedLedgerState} keeps each kind of state in. */
public interface ByteTable {

    /** The value of a key, or null. */
    byte[] get(String key);

    void put(String key, byte[] value);

    void delete(String key);

    /** The values of every key that starts with {@code prefix}, in key order. */
    List<byte[]> prefix(String prefix);
}
