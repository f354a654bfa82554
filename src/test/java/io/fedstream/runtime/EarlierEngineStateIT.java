package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.Fedstream;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A start on an application id that holds the state of an earlier engine, on a real broker. */
@ExtendWith(KafkaClusterExtension.class)
class EarlierEngineStateIT {

    @Test
    void isRefusedBeforeAnyTopicIsCreated(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir) throws Exception {
        assertRefusedBeforeAnyTopicIsCreated(kafka, names, stateDir, "admission-admitted-store");
    }

    @Test
    void aSmallStoreOfThePassBeforeItBecameASectionIsRefusedAsWell(SharedKafka kafka, KafkaTestNames names, @TempDir Path stateDir)
            throws Exception {
        assertRefusedBeforeAnyTopicIsCreated(kafka, names, stateDir, "policies-store");
    }

    private static void assertRefusedBeforeAnyTopicIsCreated(SharedKafka kafka, KafkaTestNames names, Path stateDir, String store)
            throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, stateDir, "token");
        String earlierChangelog = names.applicationId() + "-" + store + "-changelog";
        kafka.createTopics(6, earlierChangelog);

        try (Fedstream fedstream = Fedstream.create(config, new InProcessSchemaRegistry())) {
            assertThatThrownBy(() -> new StreamsRunner(fedstream))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("fedstream does not start: application " + names.applicationId())
                    .hasMessageContaining(earlierChangelog)
                    .hasMessageContaining("start fedstream with a fresh application.id");

            try (Admin admin = Admin.create(kafka.clientProperties())) {
                Set<String> topics = admin.listTopics().names().get();
                assertThat(topics).contains(earlierChangelog).doesNotContain(fedstream.topics().bindings().name(),
                        fedstream.topics().workloads().name());
            }
        }
    }
}
