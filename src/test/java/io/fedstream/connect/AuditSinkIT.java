package io.fedstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.MachinePackage;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.runtime.StreamsRunner;
import io.fedstream.serde.ApicurioRegistry;
import io.fedstream.serde.ApicurioRegistryExtension;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit trail in a database: fedstream's topology writes AuditEvents, a real Kafka Connect worker runs
 * Debezium's JDBC sink with {@link ConfluentAvroConverter} against a real registry, and PostgreSQL holds one row per
 * decision id, exactly the records on the topic, across a worker restart and a forced redelivery.
 */
@ExtendWith({KafkaClusterExtension.class, ApicurioRegistryExtension.class})
class AuditSinkIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CONNECTOR = "fedstream-audit-postgres";
    private static final String TABLE = "fedstream_audit";
    private static final String CONNECTOR_JSON = "docker/connect/fedstream-audit-postgres.json";
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    private static LocalPostgres postgres;

    private final ApicurioRegistry apicurio;

    AuditSinkIT(ApicurioRegistry apicurio) {
        this.apicurio = apicurio;
    }

    @BeforeAll
    static void startPostgres() throws Exception {
        Path bin = LocalPostgres.binaries().orElse(null);
        MachinePackage.require("AuditSinkIT", bin != null, "PostgreSQL (no /usr/lib/postgresql/*/bin/initdb)",
                "apt-get install -y postgresql");
        postgres = LocalPostgres.start(bin);
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void auditRowsEqualAuditRecordsAcrossWorkerRestartAndRedelivery(
            SharedKafka kafka, KafkaTestNames names, @TempDir Path dir) throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, dir.resolve("state"), "", Map.of(
                FedstreamConfig.SCHEMA_REGISTRY_URL, apicurio.ccompatUrl(), FedstreamConfig.TOPIC_PARTITIONS, "3"));
        Fedstream fedstream = Fedstream.create(config);
        String audit = fedstream.topics().audit().name();
        Map<String, String> worker = workerProperties(kafka, dir.resolve("connect.offsets"));

        try (StreamsRunner runner = new StreamsRunner(fedstream).start(WAIT);
                KafkaProducer<String, WorkloadEvent> producer = new KafkaProducer<>(config.producerProperties(),
                        fedstream.topics().workloads().keySerde().serializer(),
                        fedstream.topics().workloads().valueSerde().serializer())) {
            publish(producer, fedstream, "team-a", "web", "team-a", "api", "team-b", "batch");

            try (StandaloneWorker connect = StandaloneWorker.start(worker)) {
                connect.putConnector(CONNECTOR, connectorConfig(audit));
                Map<String, Map<String, Object>> first = awaitRowsEqualRecords(kafka, fedstream, 3);
                assertThat(first.values()).extracting(r -> r.get("decision")).contains("ADMITTED");
                assertThat(primaryKey()).as("upsert key of %s", TABLE).containsExactly("decisionid");
                assertRunning(connect);
            }

            // Redelivery: with the worker stopped, spoil two rows and rewind the sink's consumer group to the
            // start; only records delivered again can restore them, and upsert must not add a second row.
            Map<String, Map<String, Object>> before = rows();
            String tampered = before.keySet().stream().sorted().findFirst().orElseThrow();
            String deleted = before.keySet().stream().sorted().skip(1).findFirst().orElseThrow();
            try (Connection c = postgres.connect(); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE " + TABLE + " SET reason = 'tampered', stage = 'tampered' WHERE decisionid = '"
                        + tampered + "'");
                s.executeUpdate("DELETE FROM " + TABLE + " WHERE decisionid = '" + deleted + "'");
            }
            rewindSinkGroup(kafka, audit);

            publish(producer, fedstream, "team-c", "etl", "team-a", "web-2");
            try (StandaloneWorker connect = StandaloneWorker.start(worker)) {
                connect.putConnector(CONNECTOR, connectorConfig(audit));
                Map<String, Map<String, Object>> after = awaitRowsEqualRecords(kafka, fedstream, before.size() + 2);
                assertThat(after).containsKeys(tampered, deleted);
                assertThat(after.get(tampered).get("stage")).isNotEqualTo("tampered");
                // One snapshot: the sink may still be writing later decisions of the new workloads, but never a row twice.
                assertThat(count("SELECT count(*) - count(DISTINCT decisionid) FROM " + TABLE)).as("rows written twice").isZero();
                assertRunning(connect);
            }
            assertThat(runner.failure()).isNull();
        }
    }

    private Map<String, String> workerProperties(SharedKafka kafka, Path offsets) {
        Map<String, String> worker = new HashMap<>();
        worker.put("bootstrap.servers", kafka.bootstrapServers());
        worker.put("listeners", "http://127.0.0.1:0");
        worker.put("offset.storage.file.filename", offsets.toString());
        worker.put("offset.flush.interval.ms", "1000");
        worker.put("plugin.discovery", "service_load");
        worker.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
        worker.put("value.converter", ConfluentAvroConverter.class.getName());
        worker.put("value.converter.schema.registry.url", apicurio.ccompatUrl());
        return worker;
    }

    /**
     * The connector as {@code docs/connect.md} deploys it ({@value #CONNECTOR_JSON}), pointed at this test's topic,
     * registry and database.
     */
    private Map<String, String> connectorConfig(String topic) throws Exception {
        JsonNode json = new ObjectMapper().readTree(Path.of(CONNECTOR_JSON).toFile());
        assertThat(json.get("name").asText()).isEqualTo(CONNECTOR);
        Map<String, String> connector = new LinkedHashMap<>();
        json.get("config").properties().forEach(e -> connector.put(e.getKey(), e.getValue().asText()));
        connector.put("name", CONNECTOR);
        connector.put("topics", topic);
        connector.put("value.converter.schema.registry.url", apicurio.ccompatUrl());
        connector.put("connection.url", postgres.jdbcUrl());
        connector.put("connection.username", LocalPostgres.USER);
        connector.put("connection.password", "unused-trust-auth");
        return connector;
    }

    private static void publish(KafkaProducer<String, WorkloadEvent> producer, Fedstream fedstream, String... namespaceAndName) {
        String topic = fedstream.topics().workloads().name();
        for (int i = 0; i < namespaceAndName.length; i += 2) {
            String namespace = namespaceAndName[i];
            String name = namespaceAndName[i + 1];
            producer.send(new ProducerRecord<>(topic, "apps/Deployment/" + namespace + "/" + name,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(deployment(namespace, name)).setObservedAt(NOW).build()));
        }
        producer.flush();
    }

    /**
     * Waits until the table holds exactly the audit topic's records (the last one per decision id), at least
     * {@code atLeast} of them; returns the rows by decision id.
     */
    private Map<String, Map<String, Object>> awaitRowsEqualRecords(SharedKafka kafka, Fedstream fedstream, int atLeast)
            throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        Map<String, Map<String, Object>> expected = Map.of();
        Map<String, Map<String, Object>> actual = Map.of();
        while (System.nanoTime() < deadline) {
            expected = auditRecords(kafka, fedstream);
            actual = tableExists() ? rows() : Map.of();
            if (expected.size() >= atLeast && actual.equals(expected)) {
                return actual;
            }
            Thread.sleep(500);
        }
        assertThat(expected).as("audit records on the topic, at least %d", atLeast).hasSizeGreaterThanOrEqualTo(atLeast);
        assertThat(actual).as("rows of %s against the audit records", TABLE).isEqualTo(expected);
        return actual;
    }

    /** Every committed audit record on the topic, the last per key, as column name to value. */
    private static Map<String, Map<String, Object>> auditRecords(SharedKafka kafka, Fedstream fedstream) {
        Properties properties = kafka.clientProperties();
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString().toLowerCase(Locale.ROOT));
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        String topic = fedstream.topics().audit().name();
        Map<String, Map<String, Object>> records = new TreeMap<>();
        try (KafkaConsumer<String, AuditEvent> consumer = new KafkaConsumer<>(properties, new StringDeserializer(),
                fedstream.topics().audit().valueSerde().deserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, AuditEvent> record : consumer.poll(Duration.ofMillis(200))) {
                    assertThat(record.key()).isEqualTo(record.value().getDecisionId());
                    records.put(record.key(), columns(record.value()));
                }
            }
        }
        return records;
    }

    /** An AuditEvent as the sink's columns: the field name in lower case (PostgreSQL folds unquoted names). */
    private static Map<String, Object> columns(AuditEvent event) {
        Map<String, Object> columns = new TreeMap<>();
        for (Schema.Field field : AuditEvent.getClassSchema().getFields()) {
            Object value = event.get(field.pos());
            columns.put(field.name().toLowerCase(Locale.ROOT), value instanceof CharSequence s ? s.toString() : value);
        }
        return columns;
    }

    private static Map<String, Map<String, Object>> rows() throws Exception {
        Map<String, Map<String, Object>> rows = new TreeMap<>();
        try (Connection c = postgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM " + TABLE)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                Map<String, Object> row = new TreeMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnName(i), instantOrSelf(rs.getObject(i)));
                }
                Object previous = rows.put((String) row.get("decisionid"), row);
                assertThat(previous).as("a second row for decision id %s", row.get("decisionid")).isNull();
            }
        }
        return rows;
    }

    private static Object instantOrSelf(Object value) {
        if (value instanceof java.sql.Timestamp timestamp) {
            return timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC);
        }
        if (value instanceof LocalDateTime local) {
            return local.toInstant(ZoneOffset.UTC);
        }
        if (value instanceof OffsetDateTime offset) {
            return offset.toInstant();
        }
        return value;
    }

    private static List<String> primaryKey() throws Exception {
        List<String> columns = new ArrayList<>();
        try (Connection c = postgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid"
                        + " AND a.attnum = ANY(i.indkey) WHERE i.indrelid = '" + TABLE + "'::regclass AND i.indisprimary")) {
            while (rs.next()) {
                columns.add(rs.getString(1));
            }
        }
        return columns;
    }

    private static boolean tableExists() throws Exception {
        return count("SELECT count(*) FROM information_schema.tables WHERE table_name = '" + TABLE + "'") == 1;
    }

    private static int count(String sql) throws Exception {
        try (Connection c = postgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Moves the sink connector's consumer group (Connect names it {@code connect-<connector>}) back to offset 0. */
    private static void rewindSinkGroup(SharedKafka kafka, String topic) throws Exception {
        try (Admin admin = Admin.create(kafka.clientProperties())) {
            TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            Map<TopicPartition, OffsetAndMetadata> start = description.partitions().stream()
                    .collect(Collectors.toMap(p -> new TopicPartition(topic, p.partition()), p -> new OffsetAndMetadata(0)));
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets("connect-" + CONNECTOR)
                    .partitionsToOffsetAndMetadata().get();
            assertThat(committed.values()).as("the sink committed offsets before the restart")
                    .anyMatch(o -> o.offset() > 0);
            admin.alterConsumerGroupOffsets("connect-" + CONNECTOR, start).all().get();
            assertThat(admin.listConsumerGroupOffsets("connect-" + CONNECTOR).partitionsToOffsetAndMetadata().get())
                    .isEqualTo(start);
        }
    }

    private static void assertRunning(StandaloneWorker connect) {
        ConnectorStateInfo status = connect.status(CONNECTOR);
        assertThat(status.connector().state()).isEqualTo("RUNNING");
        assertThat(status.tasks()).extracting(ConnectorStateInfo.TaskState::state).containsExactly("RUNNING");
    }

    private static String deployment(String namespace, String name) {
        return """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":2,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"250m","memory":"256Mi"}}}]}}}}
                """.formatted(name, namespace);
    }
}
