package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaIT {

    @Test
    void startsOnAFreePortServesTransactionsAndDeletesItsTemporaryDirectory() throws Exception {
        Path dataDir;
        try (EmbeddedKafka kafka = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(0))) {
            System.out.printf("EmbeddedKafka start (port 0, temp dir): %d ms%n", kafka.startupTime().toMillis());
            dataDir = kafka.dataDir();
            assertThat(kafka.port()).isPositive();
            assertThat(kafka.bootstrapServers()).isEqualTo("127.0.0.1:" + kafka.port());
            assertThat(dataDir).isDirectory();

            kafka.createTopics(List.of(new NewTopic("embedded-roundtrip", 3, (short) 1)));
            // Creating it again is a no-op, so a demo can be restarted on a kept data dir.
            kafka.createTopics(List.of(new NewTopic("embedded-roundtrip", 3, (short) 1)));

            KafkaRoundTrip.assertIdempotentAndTransactionalRoundTrip(kafka.bootstrapServers(), "embedded-roundtrip", "embedded-tx");

            kafka.close();
            kafka.close();
        }
        assertThat(dataDir).doesNotExist();
    }

    @Test
    void aTakenPortGivesAnErrorNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(port)))
                    .isInstanceOf(EmbeddedKafka.StartException.class)
                    .hasMessage("Could not start embedded Kafka: port " + port
                            + " on 127.0.0.1 is already in use; pick another port, or 0 for a free one");
        }
    }

    @Test
    void aTakenPortFromExtraListenersGivesKafkasBindErrorNamingTheAddress() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            int controllerPort;
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
                controllerPort = free.getLocalPort();
            }
            EmbeddedKafka.Options options = EmbeddedKafka.Options.defaults().withPort(0).withBrokerProperties(Map.of(
                    "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                    "advertised.listeners", "PLAINTEXT://127.0.0.1:" + port,
                    "controller.quorum.voters", "1@127.0.0.1:" + controllerPort));

            assertThatThrownBy(() -> EmbeddedKafka.start(options))
                    .isInstanceOf(EmbeddedKafka.StartException.class)
                    .hasMessage("Could not start embedded Kafka: Socket server failed to bind to 127.0.0.1:" + port
                            + ": Address already in use; pick another port, or 0 for a free one");
        }
    }

    @Test
    void aPersistentDataDirIsKeptAndReusedAcrossRestarts(@TempDir Path dir) throws Exception {
        Path dataDir = dir.resolve("kafka");
        EmbeddedKafka.Options options = EmbeddedKafka.Options.defaults().withPort(0).withDataDir(dataDir)
                .withBrokerProperties(Map.of("log.flush.interval.messages", "1"));
        try (EmbeddedKafka kafka = EmbeddedKafka.start(options)) {
            System.out.printf("EmbeddedKafka start (persistent dir, formatted): %d ms%n", kafka.startupTime().toMillis());
            kafka.createTopics(List.of(new NewTopic("kept", 1, (short) 1)));
            KafkaRoundTrip.produce(kafka.bootstrapServers(), "kept", Map.of("k1", "v1"));
        }
        assertThat(dataDir.resolve("logs/meta.properties")).isRegularFile();
        assertThat(Files.readString(dataDir.resolve("server.properties"))).contains("log.flush.interval.messages=1");

        try (EmbeddedKafka kafka = EmbeddedKafka.start(options)) {
            System.out.printf("EmbeddedKafka start (persistent dir, restart): %d ms%n", kafka.startupTime().toMillis());
            assertThat(KafkaRoundTrip.consumeAll(kafka.bootstrapServers(), "kept"))
                    .containsExactly(Map.entry("k1", "v1"));
        }
    }
}
