package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_BREAKING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The embedded registry on a real broker: ids that survive a restart, and two processes over one topic that agree. */
@ExtendWith(KafkaClusterExtension.class)
class KafkaSchemaRegistryIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void idsAndVersionsSurviveClosingAndOpeningAgain(SharedKafka kafka, KafkaTestNames names) {
        String topic = names.topic("schemas");
        int ping;
        int pingV2;
        int workload;
        try (KafkaSchemaRegistry registry = open(kafka, topic)) {
            ping = registry.register("pings-value", PING);
            pingV2 = registry.register("pings-value", PING_V2);
            workload = registry.register("workloads-value", WorkloadEvent.getClassSchema());
        }
        assertThat(List.of(ping, pingV2, workload)).containsExactly(1, 2, 3);

        try (KafkaSchemaRegistry reopened = open(kafka, topic)) {
            assertThat(reopened.getById(ping)).isEqualTo(PING);
            assertThat(reopened.getById(workload)).isEqualTo(WorkloadEvent.getClassSchema());
            assertThat(reopened.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
            assertThat(reopened.lookup("pings-value", PING)).isEqualTo(1);
            assertThat(reopened.register("pings-value", PING_V2)).as("registering again finds the id").isEqualTo(2);
            assertThat(reopened.register("other-value", PING)).as("one id per schema across subjects").isEqualTo(1);
            assertThat(reopened.register("new-value", SchemaBuilder.record("New").fields().requiredInt("n").endRecord()))
                    .isEqualTo(4);
            assertThat(reopened.subjects()).containsExactly("new-value", "other-value", "pings-value", "workloads-value");
            assertThatThrownBy(() -> reopened.register("other-value", PING_BREAKING))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.isIncompatible()).isTrue());
            assertThatThrownBy(() -> reopened.getById(99))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode()).isEqualTo(40403))
                    .hasMessage("Schema id 99 not found in the embedded registry (topic " + topic + " on Kafka at "
                            + kafka.bootstrapServers() + ")");
        }
    }

    @Test
    void registrationsMadeTogetherGetTheIdsAndVersionsThatOneByOneWould(SharedKafka kafka, KafkaTestNames names) {
        String topic = names.topic("schemas");
        Schema other = SchemaBuilder.record("Other").fields().requiredInt("n").endRecord();
        try (KafkaSchemaRegistry a = open(kafka, topic); KafkaSchemaRegistry b = open(kafka, topic)) {
            assertThat(b.register("bindings-value", ResourceBinding.getClassSchema())).as("another process, before").isEqualTo(1);
            Map<String, Schema> together = new LinkedHashMap<>();
            together.put("pings-value", PING);
            together.put("other-pings-value", PING);
            together.put("workloads-value", WorkloadEvent.getClassSchema());
            together.put("bindings-value", ResourceBinding.getClassSchema());

            assertThat(a.registerAll(together)).containsExactly(entry("pings-value", 2), entry("other-pings-value", 2),
                    entry("workloads-value", 3), entry("bindings-value", 1));
            assertThat(a.registerAll(Map.of("pings-value", PING_V2))).containsExactly(entry("pings-value", 4));
            assertThat(a.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(4, 2, PING_V2));
            together.forEach((subject, schema) -> assertThat(b.lookup(subject, schema)).as(subject).isEqualTo(a.lookup(subject, schema)));

            Map<String, Schema> refused = new LinkedHashMap<>();
            refused.put("others-value", other);
            refused.put("other-pings-value", PING_BREAKING);
            assertThatThrownBy(() -> a.registerAll(refused))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.isIncompatible()).isTrue())
                    .hasMessageContaining("subject 'other-pings-value'");
            try (KafkaSchemaRegistry third = open(kafka, topic)) {
                assertThat(third.subjects()).as("nothing of a refused batch is written")
                        .containsExactly("bindings-value", "other-pings-value", "pings-value", "workloads-value");
            }
        }
    }

    @Test
    void twoProcessesRegisteringAtOnceAgreeOnEveryIdAndVersion(SharedKafka kafka, KafkaTestNames names) throws Exception {
        String topic = names.topic("schemas");
        int schemas = 40;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (KafkaSchemaRegistry a = open(kafka, topic); KafkaSchemaRegistry b = open(kafka, topic)) {
            List<Future<Map<String, Integer>>> results = new ArrayList<>();
            // Both register every schema, in opposite orders, under one subject each and a shared subject of versions.
            results.add(pool.submit(registerAll(a, schemas, false)));
            results.add(pool.submit(registerAll(b, schemas, true)));
            results.add(pool.submit(evolveShared(a)));
            results.add(pool.submit(evolveShared(b)));
            Map<String, Integer> fromA = new HashMap<>(results.get(0).get(120, TimeUnit.SECONDS));
            Map<String, Integer> fromB = new HashMap<>(results.get(1).get(120, TimeUnit.SECONDS));
            fromA.putAll(results.get(2).get(120, TimeUnit.SECONDS));
            fromB.putAll(results.get(3).get(120, TimeUnit.SECONDS));

            assertThat(fromB).isEqualTo(fromA);
            assertThat(new HashSet<>(fromA.values())).as("one id per distinct schema").hasSize(schemas + 3);
            assertThat(a.latestVersion("shared-value")).isEqualTo(b.latestVersion("shared-value"));
            assertThat(a.latestVersion("shared-value").version()).isEqualTo(3);
            try (KafkaSchemaRegistry third = open(kafka, topic)) {
                fromA.forEach((subject, id) -> assertThat(third.getById(id)).isEqualTo(a.getById(id)));
                assertThat(third.subjects()).isEqualTo(a.subjects()).isEqualTo(b.subjects());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSchemasTopicWithSeveralPartitionsIsRefusedNamingIt(SharedKafka kafka, KafkaTestNames names) throws Exception {
        String topic = names.topic("schemas");
        try (Admin admin = kafka.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }

        assertThatThrownBy(() -> open(kafka, topic))
                .isInstanceOf(SchemaRegistryException.class)
                .hasMessage("Topic " + topic + " on Kafka at " + kafka.bootstrapServers() + " has 3 partitions; a schema registry"
                        + " needs exactly 1 to keep one order of registrations. Name another topic with schema.registry.topic,"
                        + " or recreate it");
    }

    @Test
    void servedOverHttpItKeepsTheConfluentSemantics(SharedKafka kafka, KafkaTestNames names) throws Exception {
        try (KafkaSchemaRegistry registry = open(kafka, names.topic("schemas"));
                RegistryHttpServer server = RegistryHttpServer.start(registry, 0)) {
            ConfluentRegistryClient client = ConfluentRegistryClient.builder(server.url()).build();

            assertThat(client.register("pings-value", PING)).isEqualTo(1);
            assertThat(client.register("pings-value", PING_V2)).isEqualTo(2);
            assertThat(client.lookup("pings-value", PING)).isEqualTo(1);
            assertThat(ConfluentRegistryClient.builder(server.url()).build().latestVersion("pings-value"))
                    .isEqualTo(new RegisteredSchema(2, 2, PING_V2));
            assertThat(client.register("breaks-value", PING)).isEqualTo(1);
            assertThatThrownBy(() -> client.register("breaks-value", PING_BREAKING))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.httpStatus()).isEqualTo(409));
            assertThatThrownBy(() -> client.lookup("nope-value", PING))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.isSubjectNotFound()).isTrue());
            assertThat(registry.getById(2)).isEqualTo(PING_V2);
        }
    }

    private static Callable<Map<String, Integer>> registerAll(KafkaSchemaRegistry registry, int count, boolean reversed) {
        return () -> {
            Map<String, Integer> ids = new HashMap<>();
            for (int n = 0; n < count; n++) {
                int i = reversed ? count - 1 - n : n;
                Schema schema = SchemaBuilder.record("R" + i).namespace("io.fedstream.test").fields().requiredInt("n").endRecord();
                ids.put("r" + i + "-value", registry.register("r" + i + "-value", schema));
            }
            return ids;
        };
    }

    /** Three compatible versions of one subject, registered in order. */
    private static Callable<Map<String, Integer>> evolveShared(KafkaSchemaRegistry registry) {
        return () -> {
            Map<String, Integer> ids = new HashMap<>();
            for (int version = 1; version <= 3; version++) {
                SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record("Shared").namespace("io.fedstream.test")
                        .fields().requiredInt("n");
                for (int extra = 2; extra <= version; extra++) {
                    fields = fields.name("f" + extra).type().stringType().stringDefault("x");
                }
                ids.put("shared-v" + version, registry.register("shared-value", fields.endRecord()));
            }
            return ids;
        };
    }

    private static KafkaSchemaRegistry open(SharedKafka kafka, String topic) {
        Properties clients = kafka.clientProperties();
        return KafkaSchemaRegistry.open(topic, (short) 1, new KafkaSchemaRegistry.Connection(clients, clients, clients, TIMEOUT));
    }
}
