package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(KafkaClusterExtension.class)
class KafkaClusterExtensionIT {

    private static SharedKafka sharedAtBeforeAll;

    @BeforeAll
    static void recordTheSharedBroker(SharedKafka kafka) {
        sharedAtBeforeAll = kafka;
        System.out.printf("Shared Kafka backend here: %s, started in %d ms%n", kafka.backend(), kafka.startupTime().toMillis());
    }

    @Test
    void theBrokerIsSharedAndServesIdempotentAndTransactionalClients(SharedKafka kafka, KafkaTestNames names) {
        assertThat(kafka).isSameAs(sharedAtBeforeAll);
        String topic = names.topic("input");
        kafka.createTopics(3, topic);

        KafkaRoundTrip.assertIdempotentAndTransactionalRoundTrip(kafka.bootstrapServers(), topic, names.id("tx"));
    }

    @Test
    void namesDeriveFromTheTestAndAreStableWithinIt(KafkaTestNames names, KafkaTestNames sameNames, SharedKafka kafka)
            throws Exception {
        assertThat(sameNames).isSameAs(names);
        assertThat(names.prefix()).matches("KafkaClusterExtensionIT\\.namesDeriveFromTheTestAndAreStableWithinIt-\\d+");
        assertThat(names.topic("in put")).isEqualTo(names.prefix() + ".in-put");
        assertThat(names.applicationId()).isEqualTo(names.prefix() + ".app");

        kafka.createTopics(1, names.topic("a"), names.topic("b"));
        try (Admin admin = kafka.admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
                    .contains(names.topic("a"), names.topic("b"));
        }
    }

    /** Each backend that can run on this machine really works; the others are skipped, and say so. */
    @ParameterizedTest
    @EnumSource(SharedKafka.Backend.class)
    void everyAvailableBackendWorks(SharedKafka.Backend backend, SharedKafka shared, KafkaTestNames names) throws Exception {
        if (shared.backend() == backend) {
            roundTrip(shared, names);
            return;
        }
        assumeTrue(backend != SharedKafka.Backend.TESTCONTAINERS || KafkaClusterExtension.dockerAvailable(),
                "No Docker engine here, so the Testcontainers backend cannot run");
        try (SharedKafka dedicated = KafkaClusterExtension.start(backend)) {
            assertThat(dedicated.backend()).isEqualTo(backend);
            roundTrip(dedicated, names);
        }
    }

    private static void roundTrip(SharedKafka kafka, KafkaTestNames names) {
        String topic = names.topic("roundtrip");
        kafka.createTopics(2, topic);
        KafkaRoundTrip.assertIdempotentAndTransactionalRoundTrip(kafka.bootstrapServers(), topic, names.id("tx"));
    }

    @Nested
    class NestedClassesShareTheBroker {

        @Test
        void sameInstance(SharedKafka kafka, KafkaTestNames names) throws Exception {
            assertThat(kafka).isSameAs(sharedAtBeforeAll);
            assertThat(names.prefix()).startsWith("NestedClassesShareTheBroker.sameInstance-");
            try (Admin admin = kafka.admin()) {
                assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).hasSize(1);
            }
        }
    }

    @Test
    void clientPropertiesCarryOnlyTheBootstrapServers(SharedKafka kafka) {
        assertThat(kafka.clientProperties()).containsOnly(entry("bootstrap.servers", kafka.bootstrapServers()));
    }
}
