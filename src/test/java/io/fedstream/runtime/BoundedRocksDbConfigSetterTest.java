package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.state.internals.BlockBasedTableConfigWithAccessibleCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

class BoundedRocksDbConfigSetterTest {

    private static final long TOTAL = 64L * 1024 * 1024;

    private final SharedRocksDbMemory memory = SharedRocksDbMemory.of(TOTAL, 0.25);
    private final Map<String, Object> configs = Map.of(BoundedRocksDbConfigSetter.MEMORY_CONFIG, memory);

    /** Options as Kafka Streams' RocksDBStore prepares them before it calls the setter. */
    private static Options storeOptions() {
        Options options = new Options().setCreateIfMissing(true);
        options.setTableFormatConfig(new BlockBasedTableConfigWithAccessibleCache());
        return options;
    }

    @Test
    void everyStoreGetsTheOneCacheAndWriteBufferManagerWithIndexAndFilterBlocksInTheCache() {
        Options first = storeOptions();
        Options second = storeOptions();

        new BoundedRocksDbConfigSetter().setConfig("bindings-store", first, configs);
        new BoundedRocksDbConfigSetter().setConfig("ledger-store", second, configs);

        for (Options options : new Options[] {first, second}) {
            BlockBasedTableConfigWithAccessibleCache table = (BlockBasedTableConfigWithAccessibleCache) options.tableFormatConfig();
            assertThat(table.blockCache()).isSameAs(memory.cache());
            assertThat(table.cacheIndexAndFilterBlocks()).isTrue();
            assertThat(table.cacheIndexAndFilterBlocksWithHighPriority()).isTrue();
            assertThat(table.pinTopLevelIndexAndFilter()).isTrue();
            assertThat(options.writeBufferManager()).isSameAs(memory.writeBufferManager());
        }
        assertThat(memory.totalBytes()).isEqualTo(TOTAL);
        assertThat(memory.writeBufferBytes()).isEqualTo(TOTAL / 4);
    }

    @Test
    void memtablesOfAStoreAreChargedToTheSharedCache(@TempDir Path dir) throws Exception {
        Options options = storeOptions();
        new BoundedRocksDbConfigSetter().setConfig("bindings-store", options, configs);
        long before = memory.usageBytes();

        try (RocksDB db = RocksDB.open(options, dir.toString()); WriteOptions write = new WriteOptions().setDisableWAL(true)) {
            byte[] value = new byte[1024];
            for (int i = 0; i < 4_000; i++) {
                db.put(write, ("workload-" + i).getBytes(), value);
            }
            assertThat(memory.usageBytes()).isGreaterThan(before).isLessThanOrEqualTo(TOTAL);
        }
        new BoundedRocksDbConfigSetter().close("bindings-store", options);
        options.close();
    }

    /**
     * RocksDB gives a memtable its first arena block (by default 1 MiB) once it holds more than a small inline block,
     * and charges it to the budget: fedstream's ~80 stores, a few kilobytes each, took the whole write buffer budget,
     * and every write then flushed the store it went to (docs/benchmarks.md, "RocksDB's flush storm").
     */
    @Test
    void manyBarelyUsedStoresLeaveTheWriteBufferBudgetToTheBusyOnes(@TempDir Path dir) throws Exception {
        int stores = 24;
        List<Options> options = new ArrayList<>();
        List<RocksDB> dbs = new ArrayList<>();
        try (WriteOptions write = new WriteOptions().setDisableWAL(true)) {
            for (int i = 0; i < stores; i++) {
                Options store = storeOptions();
                new BoundedRocksDbConfigSetter().setConfig("store-" + i, store, configs);
                options.add(store);
                dbs.add(RocksDB.open(store, dir.resolve("store-" + i).toString()));
            }
            // A few kilobytes a store: more than the memtable's inline block, so each takes its first arena block.
            for (int record = 0; record < 8; record++) {
                for (RocksDB db : dbs) {
                    db.put(write, ("workload-" + record).getBytes(), new byte[1024]);
                }
            }
            assertThat(memory.usageBytes()).isLessThan(memory.writeBufferBytes() / 4);
            for (RocksDB db : dbs) {
                assertThat(db.getProperty("rocksdb.num-immutable-mem-table")).isEqualTo("0");
                assertThat(db.getProperty("rocksdb.num-files-at-level0")).isEqualTo("0");
                assertThat(db.getProperty("rocksdb.num-entries-active-mem-table")).isEqualTo("8");
            }
        } finally {
            dbs.forEach(RocksDB::close);
            options.forEach(Options::close);
        }
    }

    @Test
    void refusesAStreamsConfigurationWithoutTheSharedMemory() {
        assertThatThrownBy(() -> new BoundedRocksDbConfigSetter().setConfig("bindings-store", storeOptions(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(BoundedRocksDbConfigSetter.MEMORY_CONFIG)
                .hasMessageContaining("bindings-store");
    }

    @Test
    void refusesATotalBelowOneMebibyteAndARatioOutsideZeroToOne() {
        assertThatThrownBy(() -> SharedRocksDbMemory.of(1000, 0.5)).hasMessageContaining("at least 1 MiB, got 1000 bytes");
        assertThatThrownBy(() -> SharedRocksDbMemory.of(TOTAL, 1.0)).hasMessageContaining("above 0 and below 1, got 1.0");
        assertThatThrownBy(() -> SharedRocksDbMemory.of(TOTAL, 0)).hasMessageContaining("above 0 and below 1, got 0.0");
    }
}
