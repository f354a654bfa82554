package io.fedstream.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import io.fedstream.config.FedstreamConfig.Source;
import io.fedstream.decide.AdmitSettings;
import io.fedstream.decide.PlaceFailoverSettings;
import io.fedstream.health.HealthSettings;
import io.fedstream.lease.LeaseSettings;
import java.math.BigDecimal;
import io.fedstream.serde.SubjectNameStrategy;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FedstreamConfigTest {

    private static final String SECRET = "s3cr3t-value";

    @Test
    void defaults() {
        FedstreamConfig config = FedstreamConfig.of(Map.of());

        assertThat(config.kafkaBootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(config.applicationId()).isEqualTo("fedstream");
        assertThat(config.stateDir()).isEqualTo(Path.of(System.getProperty("user.home"), ".fedstream", "state"));
        assertThat(config.processingGuarantee()).isEqualTo("exactly_once_v2");
        assertThat(config.numStreamThreads()).isEqualTo(1);
        assertThat(config.commitIntervalMs()).isEqualTo(100L);

        assertThat(config.schemaRegistryUrl()).isEmpty();
        assertThat(config.schemaRegistryBasicAuthUserInfo()).isEmpty();
        assertThat(config.schemaRegistryBearerToken()).isEmpty();
        assertThat(config.autoRegisterSchemas()).isTrue();
        assertThat(config.useLatestVersion()).isFalse();
        assertThat(config.latestCacheTtlSeconds()).isEqualTo(60L);
        assertThat(config.subjectNameStrategy()).isEqualTo(SubjectNameStrategy.TOPIC_NAME);

        assertThat(config.topicNames()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry(FedstreamTopic.WORKLOADS, "fedstream.workloads"),
                Map.entry(FedstreamTopic.POLICIES, "fedstream.policies"),
                Map.entry(FedstreamTopic.CLUSTER_HEALTH, "fedstream.cluster-health"),
                Map.entry(FedstreamTopic.WORKLOAD_STATUS, "fedstream.workload-status"),
                Map.entry(FedstreamTopic.STATE_DELTAS, "fedstream.state-deltas"),
                Map.entry(FedstreamTopic.MIGRATION_EVENTS, "fedstream.migration-events"),
                Map.entry(FedstreamTopic.WORKLOAD_USAGE, "fedstream.workload-usage"),
                Map.entry(FedstreamTopic.WORK_STATUS, "fedstream.work-status"),
                Map.entry(FedstreamTopic.BINDINGS, "fedstream.bindings"),
                Map.entry(FedstreamTopic.QUOTA_STATUS, "fedstream.quota-status"),
                Map.entry(FedstreamTopic.CLUSTER_STATE, "fedstream.cluster-state"),
                Map.entry(FedstreamTopic.MIGRATIONS, "fedstream.migrations"),
                Map.entry(FedstreamTopic.RECOMMENDATIONS, "fedstream.recommendations"),
                Map.entry(FedstreamTopic.AUDIT, "fedstream.audit"),
                Map.entry(FedstreamTopic.DLQ, "fedstream.dlq"),
                Map.entry(FedstreamTopic.CLUSTER_VIEWS, "fedstream.cluster-views"),
                Map.entry(FedstreamTopic.CLUSTER_TRANSITIONS, "fedstream.cluster-transitions"),
                Map.entry(FedstreamTopic.LEASE_REQUESTS, "fedstream.lease-requests"),
                Map.entry(FedstreamTopic.LEASE_GRANTS, "fedstream.lease-grants")));
        assertThat(config.topicPartitions()).isEqualTo(6);
        assertThat(config.topicReplicationFactor()).isEqualTo((short) 1);

        assertThat(config.httpHost()).isEqualTo("127.0.0.1");
        assertThat(config.httpPort()).isEqualTo(8080);
        assertThat(config.httpBearerToken()).isEmpty();
        assertThat(config.embeddedKafkaPort()).isEqualTo(9092);
        assertThat(config.customizationsDir()).isEmpty();
        assertThat(config.healthSettings()).isEqualTo(new HealthSettings(Duration.ofSeconds(30), Duration.ofSeconds(300),
                Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofSeconds(1)));
        assertThat(config.healthSettings()).isEqualTo(HealthSettings.defaults());
        assertThat(config.placeFailoverSettings()).isEqualTo(new PlaceFailoverSettings(Duration.ofMinutes(5), Duration.ofSeconds(30), Duration.ofSeconds(1),
                Duration.ofSeconds(10), Duration.ofMinutes(5), 6));
        assertThat(config.admitSettings()).isEqualTo(new AdmitSettings(Duration.ofSeconds(1)));
        assertThat(config.leaseSettings()).isEqualTo(new LeaseSettings(Duration.ofSeconds(10), Duration.ofMinutes(5), new BigDecimal("0.25"), 6,
                new BigDecimal("0.25")));
        assertThat(config.leaseSettings()).isEqualTo(LeaseSettings.defaults(6));

        assertThat(config.sourceOf("http.port")).isEqualTo(Source.DEFAULT);
    }

    @Test
    void everyDefinedKeyHasADocString() {
        ConfigDef def = FedstreamConfig.configDef();
        assertThat(def.names()).hasSize(68);
        def.configKeys().values().forEach(key -> assertThat(key.documentation).as(key.name).isNotBlank());
        def.configKeys().values().forEach(key -> assertThat(key.hasDefault()).as(key.name).isTrue());
    }

    @Test
    void theHttpServersTlsNeedsBothFilesOrNeither() {
        assertThat(FedstreamConfig.of(Map.of()).httpTls()).isEmpty();
        assertThat(FedstreamConfig.of(Map.of("http.tls.cert.file", "/etc/tls/tls.crt", "http.tls.key.file", "/etc/tls/tls.key")).httpTls())
                .contains(new FedstreamConfig.HttpTls(Path.of("/etc/tls/tls.crt"), Path.of("/etc/tls/tls.key")));
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("http.tls.cert.file", "/etc/tls/tls.crt")).httpTls())
                .isInstanceOf(ConfigException.class).hasMessageContaining("http.tls.key.file")
                .hasMessageContaining("give both http.tls.cert.file and http.tls.key.file, or neither");
        assertThat(FedstreamConfig.of(Map.of()).httpMaxConcurrentRequests()).isEqualTo(2);
        assertThat(FedstreamConfig.of(Map.of("http.request.timeout.ms", "2500")).httpRequestTimeout()).isEqualTo(Duration.ofMillis(2500));
    }

    @Test
    void fileThenEnvironmentThenOverrides() {
        Map<String, String> file = Map.of(
                "kafka.bootstrap.servers", "file:9092",
                "application.id", "from-file",
                "http.port", "1111",
                "topic.audit", "file.audit");
        Map<String, String> env = Map.of(
                "FEDSTREAM_APPLICATION_ID", "from-env",
                "FEDSTREAM_HTTP_PORT", "2222",
                "FEDSTREAM_NUM_STREAM_THREADS", "2");
        Map<String, String> overrides = Map.of("http.port", "3333");

        FedstreamConfig config = new FedstreamConfig(file, env, overrides);

        assertThat(config.kafkaBootstrapServers()).isEqualTo("file:9092");
        assertThat(config.applicationId()).isEqualTo("from-env");
        assertThat(config.httpPort()).isEqualTo(3333);
        assertThat(config.numStreamThreads()).isEqualTo(2);
        assertThat(config.topicName(FedstreamTopic.AUDIT)).isEqualTo("file.audit");
        assertThat(config.commitIntervalMs()).isEqualTo(100L);

        assertThat(config.sourceOf("kafka.bootstrap.servers")).isEqualTo(Source.FILE);
        assertThat(config.sourceOf("application.id")).isEqualTo(Source.ENVIRONMENT);
        assertThat(config.sourceOf("http.port")).isEqualTo(Source.OVERRIDE);
        assertThat(config.sourceOf("commit.interval.ms")).isEqualTo(Source.DEFAULT);
    }

    @Test
    void loadsAPropertiesFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("fedstream.properties");
        Files.writeString(file, """
                # a comment
                kafka.bootstrap.servers = broker-1:9092,broker-2:9092
                topic.replication.factor=3
                subject.name.strategy=topic-record
                """);

        FedstreamConfig config = FedstreamConfig.load(file, Map.of("FEDSTREAM_TOPIC_REPLICATION_FACTOR", "2"), Map.of());

        assertThat(config.kafkaBootstrapServers()).isEqualTo("broker-1:9092,broker-2:9092");
        assertThat(config.topicReplicationFactor()).isEqualTo((short) 2);
        assertThat(config.subjectNameStrategy()).isEqualTo(SubjectNameStrategy.TOPIC_RECORD_NAME);
        assertThat(FedstreamConfig.load(null, Map.of(), Map.of()).kafkaBootstrapServers()).isEqualTo("127.0.0.1:9092");
    }

    @ParameterizedTest
    @CsvSource({
            "FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrap.servers",
            "FEDSTREAM_TOPIC_CLUSTER_HEALTH, topic.cluster.health",
            "FEDSTREAM_SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO, schema.registry.basic.auth.user.info",
            "FEDSTREAM_KAFKA_STREAMS_NUM_STANDBY_REPLICAS, kafka.streams.num.standby.replicas",
    })
    void environmentVariablesMapToKeys(String variable, String key) {
        assertThat(FedstreamConfig.keyForEnvironmentVariable(variable)).contains(key);
        assertThat(FedstreamConfig.environmentVariableFor(key)).isEqualTo(variable);
    }

    @Test
    void everyKeyRoundTripsThroughItsEnvironmentVariable() {
        for (String key : FedstreamConfig.configDef().names()) {
            assertThat(FedstreamConfig.keyForEnvironmentVariable(FedstreamConfig.environmentVariableFor(key)))
                    .as(key).contains(key);
        }
    }

    @Test
    void onlyPrefixedEnvironmentVariablesAreRead() {
        assertThat(FedstreamConfig.keyForEnvironmentVariable("KAFKA_BOOTSTRAP_SERVERS")).isEmpty();
        assertThat(FedstreamConfig.keyForEnvironmentVariable("FEDSTREAM_")).isEmpty();
        assertThat(FedstreamConfig.keyForEnvironmentVariable("fedstream_http_port")).isEmpty();

        FedstreamConfig config = new FedstreamConfig(Map.of(), Map.of(
                "HTTP_PORT", "1",
                "PATH", "/usr/bin",
                "FEDSTREAM_HOME", "/opt/fedstream",
                "FEDSTREAM_HTTP_HOST", "0.0.0.0"), Map.of());

        assertThat(config.httpPort()).isEqualTo(8080);
        assertThat(config.httpHost()).isEqualTo("0.0.0.0");
        assertThat(config.originals()).containsOnly(entry("http.host", "0.0.0.0"));
    }

    @Test
    void theAdmitStatusIntervalIsSetInMillisecondsAndMustBePositive() {
        assertThat(FedstreamConfig.of(Map.of("admit.status.interval.ms", "250")).admitSettings())
                .isEqualTo(new AdmitSettings(Duration.ofMillis(250)));
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("admit.status.interval.ms", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 0 for configuration admit.status.interval.ms: Value must be at least 1 (from overrides)");
    }

    @Test
    void aBadValueNamesTheKeyTheValueAndItsSource() {
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("http.port", "abc")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value abc for configuration http.port: Not a number of type INT (from overrides)");
        assertThatThrownBy(() -> new FedstreamConfig(Map.of(), Map.of("FEDSTREAM_HTTP_PORT", "70000"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 70000 for configuration http.port: Value must be no more than 65535"
                        + " (from environment variable FEDSTREAM_HTTP_PORT)");
        assertThatThrownBy(() -> new FedstreamConfig(Map.of("processing.guarantee", "exactly_once"), Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value exactly_once for configuration processing.guarantee:"
                        + " String must be one of: exactly_once_v2, at_least_once (from configuration file)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("subject.name.strategy", "Topic")))
                .hasMessage("Invalid value Topic for configuration subject.name.strategy:"
                        + " String must be one of: topic, record, topic-record (from overrides)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("num.stream.threads", "0")))
                .hasMessage("Invalid value 0 for configuration num.stream.threads: Value must be at least 1 (from overrides)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("auto.register.schemas", "yes")))
                .hasMessage("Invalid value yes for configuration auto.register.schemas:"
                        + " Expected value to be either true or false (from overrides)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("kafka.bootstrap.servers", " ")))
                .hasMessage("Invalid value  for configuration kafka.bootstrap.servers: String must be non-empty (from overrides)");
    }

    @Test
    void healthTimingsComeFromEverySourceSoThatATrialCanUseSeconds() {
        FedstreamConfig config = new FedstreamConfig(
                Map.of("health.failure.threshold.ms", "3000", "health.flap.window.ms", "60000"),
                Map.of("FEDSTREAM_HEALTH_TOLERATION_MS", "10000", "FEDSTREAM_HEALTH_SUCCESS_THRESHOLD_MS", "4000"),
                Map.of("health.check.interval.ms", "250", "health.success.threshold.ms", "2000"));

        assertThat(config.healthSettings()).isEqualTo(new HealthSettings(Duration.ofSeconds(3), Duration.ofSeconds(10),
                Duration.ofSeconds(2), Duration.ofMinutes(1), Duration.ofMillis(250)));
        assertThat(config.sourceOf("health.toleration.ms")).isEqualTo(Source.ENVIRONMENT);
        assertThat(config.sourceOf("health.success.threshold.ms")).isEqualTo(Source.OVERRIDE);
    }

    @Test
    void theBrakeAndTheLagToleranceAreConfigured() {
        FedstreamConfig config = FedstreamConfig.of(Map.of("health.brake.ratio", "0.75", "health.brake.min.clusters", "3",
                "health.input.lag.tolerance.ms", "5000", "topic.cluster.transitions", "t.transitions"));

        assertThat(config.healthSettings().brakeRatio()).isEqualTo(0.75);
        assertThat(config.healthSettings().brakeMinClusters()).isEqualTo(3);
        assertThat(config.healthSettings().inputLagTolerance()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.topicName(FedstreamTopic.CLUSTER_TRANSITIONS)).isEqualTo("t.transitions");
        assertThat(config.healthApplicationId()).isEqualTo("fedstream-health");
        assertThat(FedstreamConfig.of(Map.of("health.failure.threshold.ms", "3000")).healthSettings().inputLagTolerance())
                .as("unset, the tolerance is the failure threshold").isEqualTo(Duration.ofSeconds(3));
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.input.lag.tolerance.ms", "0")))
                .hasMessageContaining("health.input.lag.tolerance.ms");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.brake.ratio", "0")))
                .hasMessageContaining("health.brake.ratio");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.brake.min.clusters", "0")))
                .hasMessageContaining("health.brake.min.clusters");
    }

    @Test
    void badHealthTimingsNameTheKeyAndTheValue() {
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.failure.threshold.ms", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 0 for configuration health.failure.threshold.ms: Value must be at least 1 (from overrides)");
        assertThatThrownBy(() -> new FedstreamConfig(Map.of(), Map.of("FEDSTREAM_HEALTH_TOLERATION_MS", "-5"), Map.of()))
                .hasMessage("Invalid value -5 for configuration health.toleration.ms: Value must be at least 1"
                        + " (from environment variable FEDSTREAM_HEALTH_TOLERATION_MS)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.success.threshold.ms", "10s")))
                .hasMessage("Invalid value 10s for configuration health.success.threshold.ms: Not a number of type LONG (from overrides)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("health.check.interval.ms", "60000")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 60000 for configuration health.check.interval.ms:"
                        + " must not exceed health.failure.threshold.ms (30000)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("lease.bucket.ms", "30000", "lease.ttl.ms", "60000")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 30000 for configuration lease.bucket.ms: must be shorter than half of lease.ttl.ms (60000)");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("lease.headroom.max", "1.5")))
                .hasMessage("Invalid value 1.5 for configuration lease.headroom.max: Value must be no more than 1.0 (from overrides)");
    }

    @Test
    void anUnknownKeyFromAFileOrFlagIsAnError() {
        assertThatThrownBy(() -> new FedstreamConfig(Map.of("http.prot", "1"), Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("Unknown configuration key http.prot (from configuration file);");
        assertThatThrownBy(() -> FedstreamConfig.of(Map.of("bootstrap.servers", "x:1")))
                .hasMessageStartingWith("Unknown configuration key bootstrap.servers (from overrides);")
                .hasMessageContaining("kafka.streams., kafka.producer., kafka.consumer., kafka.admin.");
    }

    @Test
    void streamsPropertiesAreExactlyOnceWithAcksAllAndExplicitNaming() {
        FedstreamConfig config = FedstreamConfig.of(Map.of(
                "kafka.bootstrap.servers", "b:9092",
                "application.id", "fleet-brain",
                "state.dir", "/var/lib/fedstream",
                "num.stream.threads", "2",
                "commit.interval.ms", "250"));

        Properties props = config.streamsProperties();

        assertThat(props).containsOnly(
                entry("bootstrap.servers", "b:9092"),
                entry("application.id", "fleet-brain"),
                entry("state.dir", "/var/lib/fedstream"),
                entry("processing.guarantee", "exactly_once_v2"),
                entry("num.stream.threads", 2),
                entry("commit.interval.ms", 250L),
                entry("ensure.explicit.internal.resource.naming", true),
                entry("producer.acks", "all"),
                entry("producer.retry.backoff.ms", 10),
                entry("global.consumer.fetch.max.wait.ms", 50),
                entry("restore.consumer.fetch.max.wait.ms", 50),
                entry("main.consumer.retry.backoff.ms", 10),
                entry("main.consumer.max.poll.records", 50),
                entry("main.consumer.fetch.max.bytes", 128 * 1024),
                entry("consumer.session.timeout.ms", 10_000),
                entry("metric.reporters", ""));
        assertThat(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG).isEqualTo("ensure.explicit.internal.resource.naming");

        StreamsConfig streams = new StreamsConfig(props);
        assertThat(streams.getBoolean(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG)).isTrue();
        assertThat(streams.getString(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThat(streams.getProducerConfigs("client")).containsEntry("acks", "all").containsEntry("retry.backoff.ms", 10);
        assertThat(streams.getGlobalConsumerConfigs("client").get("fetch.max.wait.ms")).isEqualTo(50);
        Map<String, Object> main = streams.getMainConsumerConfigs("group", "client", 0);
        assertThat(main).containsEntry("max.poll.records", 50).containsEntry("fetch.max.bytes", 128 * 1024)
                .containsEntry("session.timeout.ms", 10_000).doesNotContainKey("fetch.max.wait.ms");
        assertThat(streams.getRestoreConsumerConfigs("client")).containsEntry("max.poll.records", "1000")
                .containsEntry("fetch.max.wait.ms", 50);
        assertThat(main).containsEntry("retry.backoff.ms", 10);
    }

    @Test
    void theStreamsProducersRetryBackoffIsShortUnlessTheProducerSettingsSayOtherwise() {
        StreamsConfig ours = new StreamsConfig(FedstreamConfig.of(Map.of()).streamsProperties());
        StreamsConfig theirs = new StreamsConfig(FedstreamConfig.of(Map.of("kafka.producer.retry.backoff.ms", "100")).streamsProperties());

        assertThat(ours.getProducerConfigs("client")).containsEntry("retry.backoff.ms", 10);
        assertThat(theirs.getProducerConfigs("client")).containsEntry("retry.backoff.ms", "100");
    }

    @Test
    void theKafkaClientsRegisterNoJmxBeansUnlessAsked() {
        StreamsConfig quiet = new StreamsConfig(FedstreamConfig.of(Map.of()).streamsProperties());
        StreamsConfig jmx = new StreamsConfig(FedstreamConfig.of(Map.of("metrics.jmx", "true")).streamsProperties());
        StreamsConfig own = new StreamsConfig(FedstreamConfig.of(Map.of("kafka.streams.metric.reporters",
                "org.apache.kafka.common.metrics.JmxReporter")).streamsProperties());

        assertThat(quiet.getList(StreamsConfig.METRIC_REPORTER_CLASSES_CONFIG)).isEmpty();
        assertThat(quiet.getMainConsumerConfigs("group", "client", 0)).containsEntry("metric.reporters", "");
        assertThat(quiet.getProducerConfigs("client")).containsEntry("metric.reporters", "");
        assertThat(quiet.getAdminConfigs("client")).containsEntry("metric.reporters", "");
        assertThat(jmx.getList(StreamsConfig.METRIC_REPORTER_CLASSES_CONFIG)).containsExactly("org.apache.kafka.common.metrics.JmxReporter");
        assertThat(own.getList(StreamsConfig.METRIC_REPORTER_CLASSES_CONFIG)).containsExactly("org.apache.kafka.common.metrics.JmxReporter");
    }

    @Test
    void prefixedKafkaSettingsPassThroughToTheRightClient() {
        FedstreamConfig config = new FedstreamConfig(
                Map.of("kafka.streams.num.standby.replicas", "1",
                        "kafka.producer.linger.ms", "5",
                        "kafka.consumer.max.poll.records", "100",
                        "kafka.consumer.session.timeout.ms", "45000",
                        "kafka.admin.request.timeout.ms", "9000"),
                Map.of("FEDSTREAM_KAFKA_STREAMS_REPLICATION_FACTOR", "3",
                        "FEDSTREAM_KAFKA_PRODUCER_COMPRESSION_TYPE", "lz4"),
                Map.of("kafka.producer.acks", "1"));

        assertThat(config.streamsProperties()).contains(
                entry("num.standby.replicas", "1"),
                entry("replication.factor", "3"),
                entry("producer.linger.ms", "5"),
                entry("producer.compression.type", "lz4"),
                entry("producer.acks", "1"),
                entry("consumer.max.poll.records", "100"),
                entry("consumer.session.timeout.ms", "45000"));
        assertThat(config.streamsProperties()).doesNotContainKeys("request.timeout.ms", "admin.request.timeout.ms");

        assertThat(config.producerProperties()).containsOnly(
                entry("bootstrap.servers", "127.0.0.1:9092"),
                entry("acks", "1"),
                entry("enable.idempotence", true),
                entry("linger.ms", "5"),
                entry("compression.type", "lz4"),
                entry("partitioner.class", NamespacePartitioner.class.getName()));
        assertThat(config.consumerProperties()).containsOnly(
                entry("bootstrap.servers", "127.0.0.1:9092"),
                entry("isolation.level", "read_committed"),
                entry("max.poll.records", "100"),
                entry("session.timeout.ms", "45000"));
        assertThat(config.adminProperties()).containsOnly(
                entry("bootstrap.servers", "127.0.0.1:9092"),
                entry("request.timeout.ms", "9000"));
    }

    @Test
    void defaultProducerAndAdminProperties() {
        FedstreamConfig config = FedstreamConfig.of(Map.of());
        assertThat(config.producerProperties()).containsOnly(
                entry("bootstrap.servers", "127.0.0.1:9092"),
                entry("acks", "all"),
                entry("enable.idempotence", true),
                entry("partitioner.class", NamespacePartitioner.class.getName()));
        assertThat(config.adminProperties()).containsOnly(entry("bootstrap.servers", "127.0.0.1:9092"));
    }

    @Test
    void passwordsAreAvailableToCodeButNeverPrinted() {
        FedstreamConfig config = new FedstreamConfig(
                Map.of("schema.registry.basic.auth.user.info", "user:" + SECRET),
                Map.of("FEDSTREAM_SCHEMA_REGISTRY_BEARER_TOKEN", SECRET),
                Map.of("http.bearer.token", SECRET,
                        "kafka.producer.sasl.jaas.config", "PlainLoginModule password=\"" + SECRET + "\";",
                        "kafka.consumer.ssl.key.password", SECRET));

        assertThat(config.schemaRegistryBasicAuthUserInfo().map(Password::value)).contains("user:" + SECRET);
        assertThat(config.schemaRegistryBearerToken().map(Password::value)).contains(SECRET);
        assertThat(config.httpBearerToken().map(Password::value)).contains(SECRET);
        assertThat(config.httpBearerToken().map(Password::toString)).isEqualTo(Optional.of("[hidden]"));

        assertThat(config.toString()).doesNotContain(SECRET)
                .contains("http.bearer.token=[hidden]")
                .contains("schema.registry.bearer.token=[hidden]")
                .contains("schema.registry.basic.auth.user.info=[hidden]")
                .contains("kafka.producer.sasl.jaas.config=[hidden]")
                .contains("kafka.consumer.ssl.key.password=[hidden]");
        assertThat(config.describe()).doesNotContain(SECRET)
                .contains("http.bearer.token = [hidden]  [override; default \"\"]")
                .contains("schema.registry.bearer.token = [hidden]  [env FEDSTREAM_SCHEMA_REGISTRY_BEARER_TOKEN; default \"\"]");
        assertThat(FedstreamConfig.describeKeys()).doesNotContain(SECRET);
    }

    @Test
    void passwordValuesAreTrimmedLikeEveryOtherValue() {
        FedstreamConfig config = FedstreamConfig.of(Map.of("http.bearer.token", "  padded  "));
        assertThat(config.httpBearerToken().map(Password::value)).contains("padded");
    }

    @Test
    void describeKeysListsEveryKeyWithDefaultAndDoc() {
        String text = FedstreamConfig.describeKeys();

        for (ConfigDef.ConfigKey key : FedstreamConfig.configDef().configKeys().values()) {
            assertThat(text).contains(key.name + " (").contains(key.documentation);
        }
        assertThat(text)
                .contains("# Kafka Streams\nkafka.bootstrap.servers (string, default 127.0.0.1:9092,"
                        + " env FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS)\n    Kafka brokers to connect to")
                .contains("state.dir (string, default ${user.home}/.fedstream/state, env FEDSTREAM_STATE_DIR)")
                .contains("http.port (int, default 8080, [0,...,65535], env FEDSTREAM_HTTP_PORT)")
                .contains("metrics.public (boolean, default false, env FEDSTREAM_METRICS_PUBLIC)")
                .contains("embedded.registry.port (int, default 8081, [0,...,65535], env FEDSTREAM_EMBEDDED_REGISTRY_PORT)")
                .contains("subject.name.strategy (string, default topic, [topic, record, topic-record], env FEDSTREAM_SUBJECT_NAME_STRATEGY)")
                .contains("topic.replication.factor (short, default 1, [1,...], env FEDSTREAM_TOPIC_REPLICATION_FACTOR)")
                .contains("production wants 3")
                .contains("schema.registry.url (string, default \"\", env FEDSTREAM_SCHEMA_REGISTRY_URL)")
                .contains("# Pass-through\nkafka.streams.*, kafka.producer.*, kafka.consumer.*, kafka.admin.*");
        assertThat(text).doesNotContain(System.getProperty("user.home") + "/.fedstream/state");
    }

    @Test
    void describeShowsValuesAndTheirSources() {
        FedstreamConfig config = new FedstreamConfig(Map.of("topic.partitions", "12"),
                Map.of("FEDSTREAM_HTTP_PORT", "9000"), Map.of("kafka.streams.num.standby.replicas", "1"));

        assertThat(config.describe())
                .contains("topic.partitions = 12  [file; default 6]")
                .contains("http.port = 9000  [env FEDSTREAM_HTTP_PORT; default 8080]")
                .contains("application.id = fedstream  [default]\n")
                .contains("# Pass-through\nkafka.streams.num.standby.replicas = 1  [override]");
    }
}
