package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import io.fedstream.serde.AvroSerde;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.StateStoreMigratedException;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a real (RocksDB) {@code migrations-store} of MigrationRecords in the project's Avro serde, on
 * TopologyTestDriver; partition 0 is active here, partition 1 is not (as while it migrates to another instance).
 */
class StoreMigrationsTest {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final MigrationRecord FRAUD = ListMigrations.detailed(ListMigrations.migration(
            "flink.apache.org/FlinkDeployment/payments/fraud", "member1-1795946400000", 1, "member1", "member2",
            MigrationRecordPhase.RESTORED, AT));
    private static final MigrationRecord WEB = ListMigrations.migration(
            "apps/Deployment/shop/web", "member1-1795946400000", 1, "member1", "member2", MigrationRecordPhase.ISSUED, AT);
    /** In partition 1, which is not active here. */
    private static final String ELSEWHERE = "apps/Deployment/shop/web1";

    @TempDir Path stateDir;

    private TopologyTestDriver driver;
    private StoreMigrations migrations;

    @BeforeEach
    void startDriver() {
        AvroSerde<MigrationRecord> values = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())
                .specific(MigrationRecord.class, false);
        StreamsBuilder builder = new StreamsBuilder();
        builder.table("migrations", Consumed.with(Serdes.String(), values).withName("migrations-source"),
                Materialized.<String, MigrationRecord, KeyValueStore<Bytes, byte[]>>as(StoreMigrations.STORE)
                        .withKeySerde(Serdes.String()).withValueSerde(values));
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "store-migrations-test");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(builder.build(), properties);
        TestInputTopic<String, MigrationRecord> input = driver.createInputTopic("migrations",
                Serdes.String().serializer(), values.serializer());
        input.pipeInput(FRAUD.getCommand().getCommandId(), FRAUD);
        input.pipeInput(WEB.getCommand().getCommandId(), WEB);
        migrations = new StoreMigrations(this::partition, workloadKey -> workloadKey.endsWith("1") ? 1 : 0);
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void listsThePartitionsRecordsOrOnlyThoseOfOneNamespace() {
        assertThat(migrations.list(Set.of(0), Optional.empty())).containsExactlyInAnyOrder(FRAUD, WEB);
        assertThat(migrations.list(Set.of(0), Optional.of("payments"))).containsExactly(FRAUD);
        assertThat(migrations.list(Set.of(0), Optional.of("nobody"))).isEmpty();
    }

    @Test
    void oneMigrationIsReadFromThePartitionOfItsWorkloadKey() {
        assertThat(migrations.byId(FRAUD.getCommand().getCommandId())).contains(FRAUD);
        assertThat(migrations.byId("apps/Deployment/shop/web/member1-1795946400000/9")).isEmpty();
        assertThat(migrations.byId("not-a-command-id")).isEmpty();
        assertThatThrownBy(() -> migrations.byId(ELSEWHERE + "/member1-1795946400000/1"))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageStartingWith("store migrations-store partition 1 is not queryable here (migrating or restoring)");
    }

    @Test
    void aPartitionNotActiveHereIsUnavailableRatherThanLeftOut() {
        assertThatThrownBy(() -> migrations.list(Set.of(0, 1), Optional.empty()))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageStartingWith("store migrations-store partition 1 is not queryable here (migrating or restoring)");
    }

    private ReadOnlyKeyValueStore<String, MigrationRecord> partition(int partition) {
        if (partition != 0) {
            throw new StateStoreMigratedException("partition " + partition + " migrated");
        }
        return driver.getKeyValueStore(StoreMigrations.STORE);
    }
}
