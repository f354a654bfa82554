package io.fedstream.admit;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** A {@link ByteTable} in a sorted map, for ledgers whose state must round-trip through bytes in tests. */
final class SortedMapByteTable implements ByteTable {

    private final TreeMap<String, byte[]> entries = new TreeMap<>();

    /** A ledger state kept only as encoded bytes. */
    static EncodedLedgerState ledgerState() {
        return new EncodedLedgerState(new SortedMapByteTable(), new SortedMapByteTable(), new SortedMapByteTable(),
                new SortedMapByteTable(), new SortedMapByteTable());
    }

    @Override
    public byte[] get(String key) {
        return entries.get(key);
    }

    @Override
    public void put(String key, byte[] value) {
        entries.put(key, value);
    }

    @Override
    public void delete(String key) {
        entries.remove(key);
    }

    @Override
    public List<byte[]> prefix(String prefix) {
        return new ArrayList<>(entries.subMap(prefix, prefix + Character.MAX_VALUE).values());
    }
}
