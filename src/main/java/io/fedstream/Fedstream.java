package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.dlq.DeadLetterDeserializationHandler;
import io.fedstream.dlq.DeadLetterProcessingHandler;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.runtime.BoundedRocksDbConfigSetter;
import io.fedstream.runtime.SharedRocksDbMemory;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;

/** The application's composition root: configuration in; registry, serdes, topics, interpreter and topology out. */
public final class Fedstream {

    private final FedstreamConfig config;
    private final SchemaRegistry registry;
    private final AvroSerdes serdes;
    private final Topics topics;
    private final InterpreterExtensions interpreterExtensions;
    /** Made on first use and shared by every Kafka Streams client this instance configures. */
    private SharedRocksDbMemory rocksDbMemory;

    /** Package-private seam: tests pass their own registry. */
    Fedstream(FedstreamConfig config, SchemaRegistry registry, InterpreterExtensions interpreterExtensions) {
        this.config = config;
        this.registry = registry;
        this.interpreterExtensions = interpreterExtensions;
        this.serdes = new AvroSerdes(registry, serdeConfig(config));
        this.topics = Topics.of(config.topicNames(), serdes);
    }

    /** Connects to the configured registry (failing fast when it is unreachable), or uses an in-process one. */
    public static Fedstream create(FedstreamConfig config) {
        return new Fedstream(config, registryFor(config), extensionsFor(config));
    }

    /** Uses the given registry, e.g. the in-process one shared with the demo's producers. */
    public static Fedstream create(FedstreamConfig config, SchemaRegistry registry) {
        return new Fedstream(config, registry, extensionsFor(config));
    }

    /** The customizations and Trainer runtimes of customizations.dir, refused at start when one is bad. */
    private static InterpreterExtensions extensionsFor(FedstreamConfig config) {
        if (config.customizationsDir().isEmpty()) {
            return InterpreterExtensions.none();
        }
        Path dir = config.customizationsDir().get();
        try {
            return InterpreterExtensions.loadDirectory(dir);
        } catch (IOException e) {
            throw new ConfigException(FedstreamConfig.CUSTOMIZATIONS_DIR, dir.toString(), "cannot read it: " + e);
        }
    }

    private static SchemaRegistry registryFor(FedstreamConfig config) {
        if (config.schemaRegistryUrl().isEmpty()) {
            return new InProcessSchemaRegistry();
        }
        ConfluentRegistryClient.Builder client = ConfluentRegistryClient.builder(config.schemaRegistryUrl().get())
                .latestTtl(Duration.ofSeconds(config.latestCacheTtlSeconds()));
        config.schemaRegistryBearerToken().ifPresent(token -> client.bearerToken(token.value()));
        config.schemaRegistryBasicAuthUserInfo().ifPresent(userInfo -> {
            String[] parts = userInfo.value().split(":", 2);
            if (parts.length != 2) {
                throw new ConfigException(FedstreamConfig.SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO, "[hidden]", "expected user:password");
            }
            client.basicAuth(parts[0], parts[1]);
        });
        ConfluentRegistryClient registry = client.build();
        registry.checkReachable();
        return registry;
    }

    private static AvroSerdeConfig serdeConfig(FedstreamConfig config) {
        AvroSerdeConfig serdes = AvroSerdeConfig.defaults()
                .withSubjectNameStrategy(config.subjectNameStrategy());
        return config.useLatestVersion()
                ? serdes.withUseLatestVersion(true, Duration.ofSeconds(config.latestCacheTtlSeconds()))
                : serdes.withAutoRegisterSchemas(config.autoRegisterSchemas());
    }

    public FedstreamConfig config() {
        return config;
    }

    public SchemaRegistry registry() {
        return registry;
    }

    public Topics topics() {
        return topics;
    }

    public InterpreterExtensions interpreterExtensions() {
        return interpreterExtensions;
    }

    public Topology topology() {
        return new FedstreamTopology(topics, InternalSerdes.of(serdes), interpreterExtensions, config.healthSettings(),
                config.fleetSettings()).build();
    }

    /** Kafka Streams configuration: the configured one plus the dead-letter error handlers and the bounded RocksDB memory. */
    public Properties streamsProperties() {
        Properties properties = config.streamsProperties();
        properties.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterDeserializationHandler.class.getName());
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterProcessingHandler.class.getName());
        // The policies mirror runs on the global thread; a bad policy must not stop it either.
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        properties.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, topics.deadLetters().name());
        // A rocksdb.config.setter of the user's own (kafka.streams.*) wins over the bounded one.
        if (config.rocksDbMemoryTotalBytes() > 0 && !properties.containsKey(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG)) {
            properties.putAll(BoundedRocksDbConfigSetter.streamsConfig(rocksDbMemory()));
        }
        return properties;
    }

    private synchronized SharedRocksDbMemory rocksDbMemory() {
        if (rocksDbMemory == null) {
            rocksDbMemory = SharedRocksDbMemory.of(config.rocksDbMemoryTotalBytes(), config.rocksDbMemoryWriteBufferRatio());
        }
        return rocksDbMemory;
    }
}
