package io.fedstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.BoundedRocksDbConfigSetter;
import io.fedstream.runtime.SharedRocksDbMemory;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.junit.jupiter.api.Test;
import org.rocksdb.Options;

class FedstreamRocksDbMemoryTest {

    private static Properties streamsProperties(Map<String, String> settings) {
        return Fedstream.create(FedstreamConfig.of(settings), new InProcessSchemaRegistry()).streamsProperties();
    }

    @Test
    void boundsRocksDbTo256MebibytesWithHalfForMemtablesByDefault() {
        Properties properties = streamsProperties(Map.of());

        assertThat(properties.get(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG)).isEqualTo(BoundedRocksDbConfigSetter.class);
        SharedRocksDbMemory memory = (SharedRocksDbMemory) properties.get(BoundedRocksDbConfigSetter.MEMORY_CONFIG);
        assertThat(memory.totalBytes()).isEqualTo(192L * 1024 * 1024);
        assertThat(memory.writeBufferBytes()).isEqualTo(96L * 1024 * 1024);
    }

    @Test
    void everyStreamsClientOfOneInstanceSharesOneBudget() {
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of(
                FedstreamConfig.ROCKSDB_MEMORY_TOTAL_BYTES, "33554432",
                FedstreamConfig.ROCKSDB_MEMORY_WRITE_BUFFER_RATIO, "0.25")), new InProcessSchemaRegistry());

        Object first = fedstream.streamsProperties().get(BoundedRocksDbConfigSetter.MEMORY_CONFIG);
        Object second = fedstream.streamsProperties().get(BoundedRocksDbConfigSetter.MEMORY_CONFIG);

        assertThat(first).isSameAs(second);
        assertThat(((SharedRocksDbMemory) first).writeBufferBytes()).isEqualTo(8L * 1024 * 1024);
    }

    @Test
    void zeroLeavesEveryStoreWithTheDefaultsOfRocksDbAndKafkaStreams() {
        Properties properties = streamsProperties(Map.of(FedstreamConfig.ROCKSDB_MEMORY_TOTAL_BYTES, "0"));

        assertThat(properties).doesNotContainKeys(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDbConfigSetter.MEMORY_CONFIG);
    }

    @Test
    void aConfigSetterOfTheUsersOwnWins() {
        Properties properties = streamsProperties(Map.of(
                FedstreamConfig.STREAMS_PREFIX + StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, OwnSetter.class.getName()));

        assertThat(properties.get(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG)).isEqualTo(OwnSetter.class.getName());
        assertThat(properties).doesNotContainKey(BoundedRocksDbConfigSetter.MEMORY_CONFIG);
    }

    @Test
    void refusesATotalBelowOneMebibyteAndARatioOutsideZeroToOneNamingTheKey() {
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of(FedstreamConfig.ROCKSDB_MEMORY_TOTAL_BYTES, "1000")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("rocksdb.memory.total.bytes").hasMessageContaining("1000");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of(FedstreamConfig.ROCKSDB_MEMORY_WRITE_BUFFER_RATIO, "1.5")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("rocksdb.memory.write.buffer.ratio").hasMessageContaining("1.5");
    }

    /** Stands for a setter a user configures through kafka.streams.rocksdb.config.setter. */
    public static final class OwnSetter implements RocksDBConfigSetter {
        @Override
        public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        }

        @Override
        public void close(String storeName, Options options) {
        }
    }
}
