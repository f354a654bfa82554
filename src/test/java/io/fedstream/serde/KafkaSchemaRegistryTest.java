package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Opening the embedded registry when no broker answers: a bounded wait and an error that says what happened. */
class KafkaSchemaRegistryTest {

    @Test
    void noBrokerAtTheAddressFailsWithinTheTimeoutNamingAddressTopicAndWhatKafkaSaid() throws IOException {
        String bootstrap = "127.0.0.1:" + closedPort();
        Properties clients = new Properties();
        clients.put("bootstrap.servers", bootstrap);
        KafkaSchemaRegistry.Connection connection = new KafkaSchemaRegistry.Connection(clients, clients, clients, Duration.ofSeconds(2));

        long start = System.nanoTime();
        assertThatThrownBy(() -> KafkaSchemaRegistry.open("_schemas", (short) 1, connection))
                .isInstanceOf(SchemaRegistryException.class)
                .hasMessageStartingWith("Cannot find or create the schemas topic _schemas on Kafka at " + bootstrap + " within 2000 ms: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotEndWith("null"));
        // Before, the admin call outlived the wait and held the client's close for Kafka's 60 s default API timeout.
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
