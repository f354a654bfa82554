package io.fedstream.runtime;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.Options;

/**
 * Kafka Streams' {@code rocksdb.config.setter} that gives every store the {@link SharedRocksDbMemory} found in the
 * streams configuration. Kafka Streams makes one setter per store by reflection, so the shared budget travels in the
 * configuration instead of a static field.
 */
public final class BoundedRocksDbConfigSetter implements RocksDBConfigSetter {

    /** Streams configuration entry holding the {@link SharedRocksDbMemory} object (not a user setting). */
    public static final String MEMORY_CONFIG = "fedstream.rocksdb.shared.memory";

    /** The streams configuration entries that bound every store by {@code memory}. */
    public static Map<String, Object> streamsConfig(SharedRocksDbMemory memory) {
        return Map.of(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDbConfigSetter.class, MEMORY_CONFIG, memory);
    }

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        Object memory = configs.get(MEMORY_CONFIG);
        if (!(memory instanceof SharedRocksDbMemory shared)) {
            throw new ConfigException(MEMORY_CONFIG, memory, "store " + storeName + ": " + BoundedRocksDbConfigSetter.class.getName()
                    + " needs the shared RocksDB memory in the streams configuration (Fedstream.streamsProperties puts it there)");
        }
        shared.applyTo(options);
    }

    /** The cache and write-buffer manager are shared by every store and outlive this one: nothing to close. */
    @Override
    public void close(String storeName, Options options) {
    }
}
