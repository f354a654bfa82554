package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.Fedstream;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.RegistryHttpServer;
import io.fedstream.serde.SchemaRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/** The value schemas of the topics fedstream writes are settled with the registry before Kafka Streams starts. */
class SchemaPreflightTest {

    private final InProcessSchemaRegistry registry = new InProcessSchemaRegistry();

    @Test
    void theWrittenTopicsAreTheSinksOfBothClientsAndNoInput() {
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of()), registry);

        assertThat(SchemaPreflight.written(topologies(fedstream), fedstream.topics())).extracting(Topic::name).containsExactly(
                "fedstream.bindings", "fedstream.quota-status", "fedstream.cluster-state", "fedstream.migrations",
                "fedstream.recommendations", "fedstream.audit", "fedstream.dlq", "fedstream.cluster-views", "fedstream.cluster-transitions",
                "fedstream.lease-requests", "fedstream.lease-grants");
    }

    @Test
    void everyWrittenAvroSchemaIsRegisteredBeforeAnyRecord() {
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of()), registry);

        SchemaPreflight.check(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics());

        List<String> internal = fedstream.internalValueTopics().stream().map(topic -> topic.name() + "-value").toList();
        assertThat(internal).contains("fedstream-pass-state-store-changelog-policies-value", "fedstream-workloads-store-changelog-value",
                "fedstream-policy-changes-repartition-value", "fedstream-health-cluster-heartbeats-repartition-value");
        List<String> expected = new ArrayList<>(List.of(
                "fedstream.bindings-value", "fedstream.quota-status-value", "fedstream.cluster-state-value",
                "fedstream.migrations-value", "fedstream.audit-value", "fedstream.cluster-views-value",
                "fedstream.cluster-transitions-value", "fedstream.recommendations-value", "fedstream.lease-requests-value",
                "fedstream.lease-grants-value"));
        expected.addAll(internal);
        assertThat(registry.subjects()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(registry.latestVersion("fedstream.migrations-value").schema()).isEqualTo(MigrationCommand.getClassSchema());
    }

    @Test
    void aSubjectWhoseLatestSchemaCannotBeEvolvedStopsTheStartNamingTopicAndSchema() {
        Schema other = SchemaBuilder.record("MigrationCommand").namespace("io.fedstream.avro").fields()
                .requiredInt("legacy").endRecord();
        registry.register("fedstream.migrations-value", other);
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of()), registry);

        assertThatThrownBy(() -> SchemaPreflight.check(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the schema registry refused io.fedstream.avro.MigrationCommand for topic"
                        + " 'fedstream.migrations', which fedstream writes: ")
                .hasMessageContaining("is not backward compatible with version 1");
    }

    @Test
    void aSectionOfAStoreWhoseSubjectCannotBeEvolvedStopsTheStartNamingIt() {
        Schema other = SchemaBuilder.record("PolicyEvent").namespace("io.fedstream.avro").fields()
                .requiredInt("legacy").endRecord();
        registry.register("fedstream-pass-state-store-changelog-policies-value", other);
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of()), registry);

        assertThatThrownBy(() -> SchemaPreflight.check(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the schema registry refused io.fedstream.avro.PolicyEvent for topic"
                        + " 'fedstream-pass-state-store-changelog-policies', which fedstream writes: ")
                .hasMessageContaining("is not backward compatible with version 1");
    }

    @Test
    void withoutAutoRegistrationASchemaNobodyRegisteredStopsTheStart() {
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of(FedstreamConfig.AUTO_REGISTER_SCHEMAS, "false")), registry);

        assertThatThrownBy(() -> SchemaPreflight.check(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("for topic 'fedstream.bindings', which fedstream writes: ")
                .hasMessageContaining("auto.register.schemas is false: register it first");
        assertThat(registry.subjects()).isEmpty();
    }

    @Test
    void aRegistryThatDoesNotAnswerIsNamedAsSuch() throws Exception {
        RegistryHttpServer server = RegistryHttpServer.start(registry, 0);
        SchemaRegistry client = ConfluentRegistryClient.builder(server.url()).build();
        server.close();
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of()), client);

        assertThatThrownBy(() -> SchemaPreflight.check(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the schema registry did not answer about the value schemas of the 26 topics fedstream"
                        + " writes (fedstream.bindings, ")
                .hasMessageContaining("): Schema registry at " + server.url() + " is unreachable");
    }

    @Test
    void aCheckStartedOnAnotherThreadThrowsWhatTheCheckThrowsWhenAwaited() {
        Fedstream fedstream = Fedstream.create(FedstreamConfig.of(Map.of(FedstreamConfig.AUTO_REGISTER_SCHEMAS, "false")), registry);
        CompletableFuture<Void> check = SchemaPreflight.start(topologies(fedstream), fedstream.topics(), fedstream.internalValueTopics());

        assertThatThrownBy(() -> BesideTheStart.await(check))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("for topic 'fedstream.bindings', which fedstream writes: ");
        BesideTheStart.await(SchemaPreflight.start(List.of(), fedstream.topics(), List.of()));
    }

    private static List<TopologyDescription> topologies(Fedstream fedstream) {
        return List.of(fedstream.workloadTopology().describe(), fedstream.healthTopology().describe());
    }
}
