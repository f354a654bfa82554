package io.fedstream.runtime;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBufferManager;

/**
 * The one memory budget of every RocksDB store of a fedstream instance, after the bounded-memory recipe of the Kafka
 * Streams docs: a single LRU block cache of the total size, holding data, index and filter blocks, and a write-buffer
 * manager that charges the stores' memtables to that same cache. Without it each of fedstream's stores takes its
 * own cache and memtables, and off-heap memory grows with the number of stores and the state.
 * <p>
 * It lives as long as the process (as the recipe's static cache does): a store may still use it while Kafka Streams
 * closes, so it is never closed early.
 */
public final class SharedRocksDbMemory {

    /** Share of the cache kept for index and filter blocks (high priority), so data blocks cannot evict them. */
    static final double INDEX_AND_FILTER_RATIO = 0.1;
    /**
     * A memtable's arena block, charged to the write-buffer manager as soon as the memtable holds a few kilobytes.
     * RocksDB's default, 1 MiB for Kafka Streams' 16 MiB memtables, made fedstream's ~80 stores take most of the write
     * buffer budget while nearly empty, so that every write flushed the store it went to (docs/benchmarks.md).
     */
    static final long ARENA_BLOCK_BYTES = 64 * 1024;

    private final long totalBytes;
    private final long writeBufferBytes;
    private final Cache cache;
    private final WriteBufferManager writeBufferManager;

    private SharedRocksDbMemory(long totalBytes, long writeBufferBytes) {
        RocksDB.loadLibrary();
        this.totalBytes = totalBytes;
        this.writeBufferBytes = writeBufferBytes;
        // Not a strict capacity limit: the Kafka Streams docs warn that RocksDB cannot enforce one while memtables are
        // charged to the cache (inserts would fail); the write-buffer manager flushes memtables to stay within it instead.
        this.cache = new LRUCache(totalBytes, -1, false, INDEX_AND_FILTER_RATIO);
        this.writeBufferManager = new WriteBufferManager(writeBufferBytes, cache);
    }

    /**
     * A budget of {@code totalBytes} for all stores together, of which memtables may take {@code writeBufferRatio}.
     *
     * @throws IllegalArgumentException for a total below 1 MiB or a ratio outside (0, 1)
     */
    public static SharedRocksDbMemory of(long totalBytes, double writeBufferRatio) {
        if (totalBytes < 1024 * 1024) {
            throw new IllegalArgumentException("the RocksDB memory total must be at least 1 MiB, got " + totalBytes + " bytes");
        }
        if (!(writeBufferRatio > 0 && writeBufferRatio < 1)) {
            throw new IllegalArgumentException("the RocksDB write buffer ratio must be above 0 and below 1, got " + writeBufferRatio);
        }
        return new SharedRocksDbMemory(totalBytes, (long) (totalBytes * writeBufferRatio));
    }

    public long totalBytes() {
        return totalBytes;
    }

    public long writeBufferBytes() {
        return writeBufferBytes;
    }

    /** Bytes the cache holds now: blocks read plus the memtables charged to it. */
    public long usageBytes() {
        return cache.getUsage();
    }

    /** Points one store's options at the shared cache and write-buffer manager. */
    void applyTo(Options options) {
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(cache);
        table.setCacheIndexAndFilterBlocks(true);
        table.setCacheIndexAndFilterBlocksWithHighPriority(true);
        table.setPinTopLevelIndexAndFilter(true);
        options.setWriteBufferManager(writeBufferManager);
        options.setArenaBlockSize(ARENA_BLOCK_BYTES);
        options.setTableFormatConfig(table);
    }

    WriteBufferManager writeBufferManager() {
        return writeBufferManager;
    }

    Cache cache() {
        return cache;
    }
}
