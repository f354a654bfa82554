package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.decide.PoliciesAtStart;
import io.fedstream.dlq.DeadLetterDeserializationHandler;
import io.fedstream.dlq.DeadLetterProcessingHandler;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.metrics.DeadLetterCounter;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.runtime.BoundedRocksDbConfigSetter;
import io.fedstream.runtime.SharedRocksDbMemory;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.KafkaSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;

/** The application's composition root: configuration in; registry, serdes, topics, interpreter and topology out. */
public final class Fedstream implements AutoCloseable {

    /** How long the embedded registry waits for its broker before it answers that the registry is unreachable. */
    private static final Duration EMBEDDED_REGISTRY_TIMEOUT = Duration.ofSeconds(30);

    /** The health client keeps its state here, inside {@code state.dir}. */
    static final String HEALTH_STATE_SUBDIRECTORY = "health";

    private final FedstreamConfig config;
    private final SchemaRegistry registry;
    private final AvroSerdes serdes;
    private final Topics topics;
    private final InterpreterExtensions interpreterExtensions;
    private final FedstreamMetrics metrics;
    private final AutoCloseable ownedRegistry;
    private final PoliciesAtStart policiesAtStart = new PoliciesAtStart();
    /** Made on first use and shared by every Kafka Streams client this instance configures. */
    private SharedRocksDbMemory rocksDbMemory;

    /** Package-private seam: tests pass their own registry. */
    Fedstream(FedstreamConfig config, SchemaRegistry registry, InterpreterExtensions interpreterExtensions) {
        this(config, registry, interpreterExtensions, null);
    }

    private Fedstream(FedstreamConfig config, SchemaRegistry registry, InterpreterExtensions interpreterExtensions,
                      AutoCloseable ownedRegistry) {
        this.config = config;
        this.registry = registry;
        this.ownedRegistry = ownedRegistry;
        this.interpreterExtensions = interpreterExtensions;
        this.serdes = new AvroSerdes(registry, serdeConfig(config));
        this.topics = Topics.of(config.topicNames(), serdes);
        this.metrics = FedstreamMetrics.create(config.metricsKafkaPerInstance());
    }

    /**
     * Connects to the configured registry (failing fast when it is unreachable), or without one opens the embedded
     * registry on the configured broker; {@link #close()} closes what was opened here.
     */
    public static Fedstream create(FedstreamConfig config) {
        SchemaRegistry registry = registryFor(config);
        return new Fedstream(config, registry, extensionsFor(config), registry instanceof AutoCloseable owned ? owned : null);
    }

    /** Uses the given registry, e.g. the in-process one shared with the demo's producers. */
    public static Fedstream create(FedstreamConfig config, SchemaRegistry registry) {
        return new Fedstream(config, registry, extensionsFor(config));
    }

    /** The customizations and Trainer runtimes of customizations.dir, refused at start when one is bad. */
    public static InterpreterExtensions extensionsFor(FedstreamConfig config) {
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

    /**
     * The embedded registry: schemas in the compacted {@code schema.registry.topic} of the configured broker, so that
     * ids survive restarts and every process over that broker agrees on them. The caller closes it.
     */
    public static KafkaSchemaRegistry embeddedRegistry(FedstreamConfig config) {
        return KafkaSchemaRegistry.open(config.schemaRegistryTopic(), config.topicReplicationFactor(),
                new KafkaSchemaRegistry.Connection(config.adminProperties(), config.producerProperties(),
                        config.consumerProperties(), EMBEDDED_REGISTRY_TIMEOUT));
    }

    private static SchemaRegistry registryFor(FedstreamConfig config) {
        if (config.schemaRegistryUrl().isEmpty()) {
            return embeddedRegistry(config);
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

    /** The meters every stage records to and {@code /metrics} serves. */
    public FedstreamMetrics metrics() {
        return metrics;
    }

    /** The policies published before this instance's start, which the runner reads and the namespace tasks seed from. */
    public PoliciesAtStart policiesAtStart() {
        return policiesAtStart;
    }

    public InterpreterExtensions interpreterExtensions() {
        return interpreterExtensions;
    }

    /** The workload client's topology: every stage but the cluster watch. */
    /** The topics of fedstream's own (changelogs, repartition topics) whose values are the registry's records. */
    public List<Topic<String, ?>> internalValueTopics() {
        return InternalValueTopics.of(config, serdes);
    }

    public Topology workloadTopology() {
        return workloads().build();
    }

    /** The health client's topology: the cluster watch alone. */
    public Topology healthTopology() {
        return health().build();
    }

    /**
     * Both clients' topologies in one, for offline runs (replay, TopologyTestDriver), where one driver plays both
     * clients: the watch's outputs reach the workload stages through the same topics as at run time.
     */
    public Topology topology() {
        StreamsBuilder builder = FedstreamTopology.strictBuilder();
        health().addTo(builder);
        workloads().addTo(builder);
        return FedstreamTopology.optimized(builder);
    }

    private FedstreamTopology workloads() {
        return new FedstreamTopology(topics, InternalSerdes.of(serdes), interpreterExtensions, config.admitSettings(),
                config.placeFailoverSettings(), config.leaseSettings(), policiesAtStart, metrics);
    }

    private HealthTopology health() {
        return new HealthTopology(topics, InternalSerdes.of(serdes), config.healthSettings(), metrics);
    }

    /** The health client's Kafka Streams configuration: its own application id, stream thread and state directory. */
    public Properties healthStreamsProperties() {
        Properties properties = streamsProperties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, config.healthApplicationId());
        properties.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().resolve(HEALTH_STATE_SUBDIRECTORY).toString());
        return properties;
    }

    /** Kafka Streams configuration: the configured one plus the dead-letter handlers and counter, and the bounded RocksDB memory. */
    public Properties streamsProperties() {
        Properties properties = config.streamsProperties();
        properties.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterDeserializationHandler.class.getName());
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterProcessingHandler.class.getName());
        // The policies mirror runs on the global thread; a bad policy must not stop it either.
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        properties.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, topics.deadLetters().name());
        DeadLetterCounter.install(properties, metrics, topics.deadLetters().name());
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

    /** Closes the registry {@link #create(FedstreamConfig)} opened, if any; a registry passed in stays open. */
    @Override
    public void close() {
        if (ownedRegistry == null) {
            return;
        }
        try {
            ownedRegistry.close();
        } catch (Exception e) {
            throw new IllegalStateException("cannot close the schema registry: " + e.getMessage(), e);
        }
    }
}
