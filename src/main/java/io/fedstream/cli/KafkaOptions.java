package io.fedstream.cli;

import io.fedstream.config.FedstreamConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How the client commands ({@code apply}, {@code delete}, {@code agent}, {@code executor}) reach fedstream's Kafka and
 * schema registry: flags over a properties file over environment variables over the current context
 * ({@code fedstream config set-context}); the registry defaults to the one of {@code run --embedded}, never to an
 * in-process one whose ids no other process could resolve.
 */
final class KafkaOptions {

    /** Where {@code run --embedded} serves its registry by default. */
    static final String EMBEDDED_REGISTRY_URL = "http://127.0.0.1:8081";

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
            description = "Kafka brokers (default: kafka.bootstrap.servers of the configuration, else the current context's,"
                    + " else 127.0.0.1:9092: the broker of `run --embedded`).")
    private String bootstrapServers;

    @Option(names = "--registry", paramLabel = "URL",
            description = "Schema registry speaking the Confluent REST API (default: schema.registry.url of the"
                    + " configuration, else the current context's, else " + EMBEDDED_REGISTRY_URL + ", the registry of `run --embedded`).")
    private String registry;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "A properties file of fedstream keys: topic names, registry credentials, kafka.producer.* settings.")
    private Path configFile;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override one configuration key (repeatable).")
    private Map<String, String> overrides = new LinkedHashMap<>();

    /** {@code overrides} with {@code --bootstrap-servers} and {@code --registry} on top, each where given (null: not given). */
    static Map<String, String> withFlags(Map<String, String> overrides, String bootstrapServers, String registry) {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        if (bootstrapServers != null) {
            settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, bootstrapServers);
        }
        if (registry != null) {
            settings.put(FedstreamConfig.SCHEMA_REGISTRY_URL, registry);
        }
        return settings;
    }

    /** The configuration with the flags on top; the registry defaults to the embedded one rather than in-process. */
    FedstreamConfig config() {
        return config(ClientSettings.ofProcess());
    }

    /** As {@link #config()}, over the given environment and context (flag, then environment, then context, then default). */
    FedstreamConfig config(ClientSettings client) {
        Map<String, String> settings = withFlags(overrides, bootstrapServers, registry);
        FedstreamConfig config = client.kafkaConfig(configFile, settings);
        if (config.schemaRegistryUrl().isEmpty()) {
            settings.put(FedstreamConfig.SCHEMA_REGISTRY_URL, EMBEDDED_REGISTRY_URL);
            config = client.kafkaConfig(configFile, settings);
        }
        return config;
    }
}
