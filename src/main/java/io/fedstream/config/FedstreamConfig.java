package io.fedstream.config;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.AbstractConfig;
import io.fedstream.decide.AdmitSettings;
import io.fedstream.decide.PlaceFailoverSettings;
import io.fedstream.health.HealthSettings;
import io.fedstream.lease.LeaseSettings;
import java.math.BigDecimal;
import io.fedstream.serde.SubjectNameStrategy;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fedstream's one typed configuration: every key with its type, default and documentation,
 * read from a properties file, then {@code FEDSTREAM_*} environment variables, then explicit
 * overrides (command-line flags), each source overriding the previous one.
 */
public final class FedstreamConfig extends AbstractConfig {

    private static final Logger LOG = LoggerFactory.getLogger(FedstreamConfig.class);

    /** Environment variables with this prefix are configuration: {@code FEDSTREAM_HTTP_PORT} is {@code http.port}. */
    public static final String ENV_PREFIX = "FEDSTREAM_";
    /** Keys with this prefix go, without it, into the Kafka Streams configuration. */
    public static final String STREAMS_PREFIX = "kafka.streams.";
    /** Keys with this prefix go, without it, into every producer (also those of Kafka Streams). */
    public static final String PRODUCER_PREFIX = "kafka.producer.";
    /** Keys with this prefix go, without it, into every consumer (also those of Kafka Streams). */
    public static final String CONSUMER_PREFIX = "kafka.consumer.";
    /** Keys with this prefix go, without it, into admin clients. */
    public static final String ADMIN_PREFIX = "kafka.admin.";
    private static final List<String> PASS_THROUGH_PREFIXES = List.of(STREAMS_PREFIX, PRODUCER_PREFIX, CONSUMER_PREFIX, ADMIN_PREFIX);

    private static final String HIDDEN = "[hidden]";
    /** Pass-through Kafka keys whose values are secrets (sasl.jaas.config, ssl.key.password, ...). */
    private static final Pattern SECRET_KEY = Pattern.compile(".*(password|secret|jaas|token|credential).*");

    // Consumer values fedstream sets for Kafka Streams (streamsProperties says why); kafka.streams.* overrides them.
    private static final int GLOBAL_FETCH_MAX_WAIT_MS = 50;
    private static final int RESTORE_FETCH_MAX_WAIT_MS = 50;
    private static final int MAIN_RETRY_BACKOFF_MS = 10;
    private static final int MAIN_MAX_POLL_RECORDS = 50;
    private static final int SESSION_TIMEOUT_MS = 10_000;
    private static final int MAIN_FETCH_MAX_BYTES = 128 * 1024;
    // A producer value fedstream sets for Kafka Streams (streamsProperties says why); kafka.producer.* overrides it.
    private static final int PRODUCER_RETRY_BACKOFF_MS = 10;

    // Kafka
    public static final String KAFKA_BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";
    public static final String APPLICATION_ID = "application.id";
    public static final String STATE_DIR = "state.dir";
    public static final String PROCESSING_GUARANTEE = "processing.guarantee";
    public static final String NUM_STREAM_THREADS = "num.stream.threads";
    public static final String COMMIT_INTERVAL_MS = "commit.interval.ms";
    public static final String STREAMS_STALL_TIMEOUT_MS = "streams.stall.timeout.ms";
    // Schema registry
    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    public static final String SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO = "schema.registry.basic.auth.user.info";
    public static final String SCHEMA_REGISTRY_BEARER_TOKEN = "schema.registry.bearer.token";
    public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
    public static final String USE_LATEST_VERSION = "use.latest.version";
    public static final String LATEST_CACHE_TTL_SECONDS = "latest.cache.ttl.seconds";
    public static final String SUBJECT_NAME_STRATEGY = "subject.name.strategy";
    public static final String SCHEMA_REGISTRY_TOPIC = "schema.registry.topic";
    // Topics
    public static final String TOPIC_PARTITIONS = "topic.partitions";
    public static final String TOPIC_REPLICATION_FACTOR = "topic.replication.factor";
    // HTTP
    public static final String HTTP_HOST = "http.host";
    public static final String HTTP_PORT = "http.port";
    public static final String HTTP_BEARER_TOKEN = "http.bearer.token";
    public static final String HTTP_MAX_CONCURRENT_REQUESTS = "http.max.concurrent.requests";
    public static final String HTTP_MAX_WATCHES = "http.max.watches";
    public static final String HTTP_REQUEST_TIMEOUT_MS = "http.request.timeout.ms";
    public static final String HTTP_TLS_CERT_FILE = "http.tls.cert.file";
    public static final String HTTP_TLS_KEY_FILE = "http.tls.key.file";
    public static final String METRICS_PUBLIC = "metrics.public";
    public static final String METRICS_KAFKA_PER_INSTANCE = "metrics.kafka.per.instance";
    public static final String METRICS_JMX = "metrics.jmx";
    // Local runtime
    public static final String EMBEDDED_KAFKA_PORT = "embedded.kafka.port";
    public static final String EMBEDDED_REGISTRY_PORT = "embedded.registry.port";
    public static final String CUSTOMIZATIONS_DIR = "customizations.dir";
    // Cluster health (stage 5)
    public static final String HEALTH_FAILURE_THRESHOLD_MS = "health.failure.threshold.ms";
    public static final String HEALTH_TOLERATION_MS = "health.toleration.ms";
    public static final String HEALTH_SUCCESS_THRESHOLD_MS = "health.success.threshold.ms";
    public static final String HEALTH_FLAP_WINDOW_MS = "health.flap.window.ms";
    public static final String HEALTH_CHECK_INTERVAL_MS = "health.check.interval.ms";
    public static final String HEALTH_CAPACITY_UPDATE_INTERVAL_MS = "health.capacity.update.interval.ms";
    public static final String HEALTH_INPUT_LAG_TOLERANCE_MS = "health.input.lag.tolerance.ms";
    public static final String HEALTH_BRAKE_RATIO = "health.brake.ratio";
    public static final String HEALTH_BRAKE_MIN_CLUSTERS = "health.brake.min.clusters";
    // Admission
    public static final String ADMIT_STATUS_INTERVAL_MS = "admit.status.interval.ms";
    // Placement and failover
    public static final String PLACE_RESERVATION_TTL_MS = "place.reservation.ttl.ms";
    public static final String PLACE_RETRY_INTERVAL_MS = "place.retry.interval.ms";
    // Capacity leases
    public static final String LEASE_BUCKET_MS = "lease.bucket.ms";
    public static final String LEASE_TTL_MS = "lease.ttl.ms";
    public static final String LEASE_HEADROOM_MAX = "lease.headroom.max";
    public static final String LEASE_OFFER_SHARE = "lease.offer.share";
    // State stores
    public static final String ROCKSDB_MEMORY_TOTAL_BYTES = "rocksdb.memory.total.bytes";
    public static final String ROCKSDB_MEMORY_WRITE_BUFFER_RATIO = "rocksdb.memory.write.buffer.ratio";

    private static final String GROUP_KAFKA = "Kafka Streams";
    private static final String GROUP_REGISTRY = "Schema registry";
    private static final String GROUP_TOPICS = "Topics";
    private static final String GROUP_HTTP = "HTTP";
    private static final String GROUP_LOCAL = "Local runtime";
    private static final String GROUP_HEALTH = "Cluster health";
    private static final String GROUP_ADMIT = "Admission";
    private static final String GROUP_PLACE = "Placement and failover";
    private static final String GROUP_LEASE = "Capacity leases";
    private static final String GROUP_STATE = "State stores";

    /** Where a key's value came from, in increasing priority. */
    public enum Source { DEFAULT, FILE, ENVIRONMENT, OVERRIDE }

    // Not under java.io.tmpdir: the OS may clear it, and Kafka Streams warns against it. The embedded broker's data live there too.
    private static final String STATE_DIR_DEFAULT = Path.of(System.getProperty("user.home"), ".fedstream", "state").toString();
    /** Defaults shown by {@link #describeKeys()} that depend on the machine, so the README stays stable. */
    private static final Map<String, String> DISPLAY_DEFAULTS = Map.of(STATE_DIR, "${user.home}/.fedstream/state",
            HEALTH_INPUT_LAG_TOLERANCE_MS, "health.failure.threshold.ms");

    private static final ConfigDef CONFIG = configuration();

    private static ConfigDef configuration() {
        ConfigDef definition = new ConfigDef()
                .define(KAFKA_BOOTSTRAP_SERVERS, Type.STRING, "127.0.0.1:9092", new ConfigDef.NonEmptyString(), Importance.HIGH,
                        "Kafka brokers to connect to, host:port separated by commas.", GROUP_KAFKA, 1, ConfigDef.Width.LONG, KAFKA_BOOTSTRAP_SERVERS)
                .define(APPLICATION_ID, Type.STRING, "fedstream", new ConfigDef.NonEmptyString(), Importance.HIGH,
                        "Kafka Streams application id: the consumer group, the prefix of internal topics and the state directory name."
                                + " Every instance of one fedstream deployment uses the same id.", GROUP_KAFKA, 2, ConfigDef.Width.MEDIUM, APPLICATION_ID)
                .define(STATE_DIR, Type.STRING, STATE_DIR_DEFAULT, new ConfigDef.NonEmptyString(), Importance.HIGH,
                        "Directory for the RocksDB state stores (and, with `run --embedded`, the broker's data in embedded-kafka/)."
                                + " Keep it on local disk; the stores are rebuilt from changelogs when lost.",
                        GROUP_KAFKA, 3, ConfigDef.Width.LONG, STATE_DIR)
                .define(PROCESSING_GUARANTEE, Type.STRING, StreamsConfig.EXACTLY_ONCE_V2,
                        ValidString.in(StreamsConfig.EXACTLY_ONCE_V2, StreamsConfig.AT_LEAST_ONCE), Importance.MEDIUM,
                        "Kafka Streams processing guarantee. exactly_once_v2 makes quota ledgers and migration commands"
                                + " consistent across failures; at_least_once only for experiments.", GROUP_KAFKA, 4, ConfigDef.Width.SHORT, PROCESSING_GUARANTEE)
                .define(NUM_STREAM_THREADS, Type.INT, 1, Range.atLeast(1), Importance.MEDIUM,
                        "Stream threads per instance. Scale out with more instances; on 2 cores a second thread does not help.",
                        GROUP_KAFKA, 5, ConfigDef.Width.SHORT, NUM_STREAM_THREADS)
                .define(COMMIT_INTERVAL_MS, Type.LONG, 100L, Range.atLeast(0), Importance.MEDIUM,
                        "How often Kafka Streams commits, in milliseconds; with exactly-once this bounds the latency"
                                + " at which read_committed consumers see results.", GROUP_KAFKA, 6, ConfigDef.Width.SHORT, COMMIT_INTERVAL_MS)
                .define(STREAMS_STALL_TIMEOUT_MS, Type.LONG, 300_000L, Range.atLeast(10_000L), Importance.MEDIUM,
                        "How long `fedstream run` tolerates Kafka Streams making no progress (not RUNNING, or a stream thread"
                                + " that stopped polling, e.g. during a broker outage) before it exits with code 1 for its supervisor"
                                + " to restart it. The producer and task timeouts are derived from it (a quarter, a fifth), so"
                                + " that a dead broker surfaces as an error well within it.", GROUP_KAFKA, 7, ConfigDef.Width.SHORT,
                        STREAMS_STALL_TIMEOUT_MS)

                .define(SCHEMA_REGISTRY_URL, Type.STRING, "", Importance.HIGH,
                        "Base URL of a schema registry speaking the Confluent REST API. Empty: an in-process registry.",
                        GROUP_REGISTRY, 1, ConfigDef.Width.LONG, SCHEMA_REGISTRY_URL)
                .define(SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO, Type.PASSWORD, "", Importance.MEDIUM,
                        "user:password for HTTP basic authentication to the registry. Empty: none.",
                        GROUP_REGISTRY, 2, ConfigDef.Width.MEDIUM, SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO)
                .define(SCHEMA_REGISTRY_BEARER_TOKEN, Type.PASSWORD, "", Importance.MEDIUM,
                        "Bearer token for the registry. Empty: none.",
                        GROUP_REGISTRY, 3, ConfigDef.Width.MEDIUM, SCHEMA_REGISTRY_BEARER_TOKEN)
                .define(AUTO_REGISTER_SCHEMAS, Type.BOOLEAN, true, Importance.MEDIUM,
                        "Register the writer schema on first use. When false the schema must already be registered.",
                        GROUP_REGISTRY, 4, ConfigDef.Width.SHORT, AUTO_REGISTER_SCHEMAS)
                .define(USE_LATEST_VERSION, Type.BOOLEAN, false, Importance.LOW,
                        "Write with the subject's latest registered version (checked backward compatible) instead of the compiled schema.",
                        GROUP_REGISTRY, 5, ConfigDef.Width.SHORT, USE_LATEST_VERSION)
                .define(LATEST_CACHE_TTL_SECONDS, Type.LONG, 60L, Range.atLeast(0), Importance.LOW,
                        "How long the latest version of a subject is cached, in seconds.",
                        GROUP_REGISTRY, 6, ConfigDef.Width.SHORT, LATEST_CACHE_TTL_SECONDS)
                .define(SUBJECT_NAME_STRATEGY, Type.STRING, "topic",
                        ValidString.in("topic", "record", "topic-record"), Importance.LOW,
                        "Subject naming: topic (<topic>-key/-value), record (the record's full name) or topic-record (<topic>-<full name>).",
                        GROUP_REGISTRY, 7, ConfigDef.Width.SHORT, SUBJECT_NAME_STRATEGY)
                .define(SCHEMA_REGISTRY_TOPIC, Type.STRING, "_schemas", new ConfigDef.NonEmptyString(), Importance.LOW,
                        "Compacted one-partition topic in which the embedded registry (schema.registry.url empty) keeps its"
                                + " schemas, on the broker it serves, as Confluent's registry does: ids survive restarts, and every"
                                + " process serving a registry over one broker agrees on them.",
                        GROUP_REGISTRY, 8, ConfigDef.Width.MEDIUM, SCHEMA_REGISTRY_TOPIC);
        Arrays.stream(FedstreamTopic.values()).sorted(Comparator.comparingInt(FedstreamTopic::orderInGroup)).forEach(topic ->
                definition.define(topic.configKey(), Type.STRING, topic.defaultName(), new ConfigDef.NonEmptyString(), topic.importance(),
                        topic.doc(), GROUP_TOPICS, topic.orderInGroup(), ConfigDef.Width.MEDIUM, topic.configKey()));
        return definition
                .define(TOPIC_PARTITIONS, Type.INT, 6, Range.atLeast(1), Importance.MEDIUM,
                        "Partitions of the topics fedstream creates; the upper bound of useful instances.",
                        GROUP_TOPICS, 13, ConfigDef.Width.SHORT, TOPIC_PARTITIONS)
                .define(TOPIC_REPLICATION_FACTOR, Type.SHORT, (short) 1, Range.atLeast(1), Importance.MEDIUM,
                        "Replication factor of the topics fedstream creates. 1 suits the embedded single-node broker;"
                                + " production wants 3 (with min.insync.replicas=2).", GROUP_TOPICS, 14, ConfigDef.Width.SHORT, TOPIC_REPLICATION_FACTOR)

                .define(HTTP_HOST, Type.STRING, "127.0.0.1", new ConfigDef.NonEmptyString(), Importance.MEDIUM,
                        "Interface the HTTP server (live view, queries) listens on. 0.0.0.0 exposes it to the network.",
                        GROUP_HTTP, 1, ConfigDef.Width.MEDIUM, HTTP_HOST)
                .define(HTTP_PORT, Type.INT, 8080, Range.between(0, 65535), Importance.MEDIUM,
                        "Port of the HTTP server; 0 picks a free port.", GROUP_HTTP, 2, ConfigDef.Width.SHORT, HTTP_PORT)
                .define(HTTP_BEARER_TOKEN, Type.PASSWORD, "", Importance.MEDIUM,
                        "Bearer token the HTTP server requires from its clients. Empty: no authentication.",
                        GROUP_HTTP, 3, ConfigDef.Width.MEDIUM, HTTP_BEARER_TOKEN)
                .define(HTTP_MAX_CONCURRENT_REQUESTS, Type.INT, 2, Range.atLeast(1), Importance.LOW,
                        "Queries the HTTP server answers at once; any more are answered 429 with Retry-After at once. A list"
                                + " streams one page, so a query holds about one object in memory; on a small machine the"
                                + " bound keeps queries from taking the cores the decisions need.",
                        GROUP_HTTP, 6, ConfigDef.Width.SHORT, HTTP_MAX_CONCURRENT_REQUESTS)
                .define(HTTP_MAX_WATCHES, Type.INT, 4, Range.atLeast(0), Importance.LOW,
                        "Watches (?watch=true, kubectl get --watch) served at once, apart from the queries; any more are"
                                + " answered 429. Each re-reads its objects once a second.",
                        GROUP_HTTP, 7, ConfigDef.Width.SHORT, HTTP_MAX_WATCHES)
                .define(HTTP_REQUEST_TIMEOUT_MS, Type.LONG, 10_000L, Range.atLeast(100), Importance.LOW,
                        "Time limit of one query: a list page that is not full by then ends early with a continue token (as"
                                + " Kubernetes allows), a single object not read by then is answered 504.",
                        GROUP_HTTP, 8, ConfigDef.Width.SHORT, HTTP_REQUEST_TIMEOUT_MS)
                .define(HTTP_TLS_CERT_FILE, Type.STRING, "", Importance.MEDIUM,
                        "PEM file of the HTTP server's certificate (chain first to last). With " + HTTP_TLS_KEY_FILE + " the server"
                                + " speaks HTTPS, which kubectl needs before it sends a bearer token; instances then ask each other"
                                + " over HTTPS, trusting this chain. Empty: plain HTTP.",
                        GROUP_HTTP, 9, ConfigDef.Width.LONG, HTTP_TLS_CERT_FILE)
                .define(HTTP_TLS_KEY_FILE, Type.STRING, "", Importance.MEDIUM,
                        "PEM file of the HTTP server's private key, PKCS#8 (BEGIN PRIVATE KEY; `openssl pkcs8 -topk8 -nocrypt`"
                                + " converts an older one). Empty: plain HTTP.",
                        GROUP_HTTP, 10, ConfigDef.Width.LONG, HTTP_TLS_KEY_FILE)
                .define(METRICS_PUBLIC, Type.BOOLEAN, false, Importance.LOW,
                        "Serve /metrics (Prometheus) without the bearer token, for a scraper that cannot send one;"
                                + " every other route still asks for it.",
                        GROUP_HTTP, 4, ConfigDef.Width.SHORT, METRICS_PUBLIC)
                .define(METRICS_KAFKA_PER_INSTANCE, Type.BOOLEAN, false, Importance.LOW,
                        "Also serve on /metrics the Kafka meters of every task, processor, state store, topic, partition and"
                                + " broker connection (14,237 series in the demo instead of 844, most of them store meters that"
                                + " Kafka records only at metrics.recording.level DEBUG). false: the Kafka clients' and stream"
                                + " threads' own.",
                        GROUP_HTTP, 5, ConfigDef.Width.SHORT, METRICS_KAFKA_PER_INSTANCE)
                .define(METRICS_JMX, Type.BOOLEAN, false, Importance.LOW,
                        "Also register the Kafka Streams clients' meters as JMX MBeans (Kafka's JmxReporter, on by default in"
                                + " Kafka), for a JMX exporter. false: /metrics serves them, and a start costs about 0.9 s less"
                                + " CPU. kafka.streams.metric.reporters wins.",
                        GROUP_HTTP, 6, ConfigDef.Width.SHORT, METRICS_JMX)

                .define(EMBEDDED_KAFKA_PORT, Type.INT, 9092, Range.between(0, 65535), Importance.LOW,
                        "Broker port of the in-process Kafka of `fedstream demo` and `run --embedded`; 0 picks a free port.",
                        GROUP_LOCAL, 1, ConfigDef.Width.SHORT, EMBEDDED_KAFKA_PORT)
                .define(EMBEDDED_REGISTRY_PORT, Type.INT, 8081, Range.between(0, 65535), Importance.LOW,
                        "Loopback port on which `run --embedded` serves its in-process schema registry (Confluent REST API),"
                                + " so that `fedstream apply` and other clients can write records it reads; 0 picks a free port.",
                        GROUP_LOCAL, 2, ConfigDef.Width.SHORT, EMBEDDED_REGISTRY_PORT)
                .define(CUSTOMIZATIONS_DIR, Type.STRING, "", Importance.LOW,
                        "Directory of declarative interpreter customizations (YAML) for CRDs. Empty: built-in kinds only.",
                        GROUP_LOCAL, 3, ConfigDef.Width.LONG, CUSTOMIZATIONS_DIR)

                .define(HEALTH_FAILURE_THRESHOLD_MS, Type.LONG, 30_000L, Range.atLeast(1), Importance.MEDIUM,
                        "A cluster with no heartbeat for this long (or reporting Ready False or Unknown) is SUSPECT.",
                        GROUP_HEALTH, 1, ConfigDef.Width.SHORT, HEALTH_FAILURE_THRESHOLD_MS)
                .define(HEALTH_TOLERATION_MS, Type.LONG, 300_000L, Range.atLeast(1), Importance.MEDIUM,
                        "A cluster SUSPECT for this long is FAILED. Also fedstream's default toleration (the analogue of Kubernetes'"
                                + " DefaultTolerationSeconds): a workload whose policy's clusterTolerations tolerate no NoExecute taint"
                                + " of its cluster (not-ready, unreachable or the Cluster's own) leaves this long after the taint was added.",
                        GROUP_HEALTH, 2, ConfigDef.Width.SHORT, HEALTH_TOLERATION_MS)
                .define(HEALTH_SUCCESS_THRESHOLD_MS, Type.LONG, 10_000L, Range.atLeast(1), Importance.MEDIUM,
                        "How long a RECOVERING cluster must stay healthy before it is READY; doubled for every earlier"
                                + " incident within health.flap.window.ms.", GROUP_HEALTH, 3, ConfigDef.Width.SHORT, HEALTH_SUCCESS_THRESHOLD_MS)
                .define(HEALTH_FLAP_WINDOW_MS, Type.LONG, 600_000L, Range.atLeast(1), Importance.LOW,
                        "Incidents of one cluster within this window count as flaps; the RECOVERING time never exceeds it.",
                        GROUP_HEALTH, 4, ConfigDef.Width.SHORT, HEALTH_FLAP_WINDOW_MS)
                .define(HEALTH_CHECK_INTERVAL_MS, Type.LONG, 1_000L, Range.atLeast(1), Importance.LOW,
                        "How often (wall clock) the cluster watch looks for missed heartbeats; at most health.failure.threshold.ms.",
                        GROUP_HEALTH, 5, ConfigDef.Width.SHORT, HEALTH_CHECK_INTERVAL_MS)
                .define(HEALTH_INPUT_LAG_TOLERANCE_MS, Type.LONG, null, ConfigDef.LambdaValidator.with((name, value) -> {
                            if (value != null && (Long) value < 1) {
                                throw new ConfigException(name, value, "Value must be at least 1");
                            }
                        }, () -> "[1,...] (unset: health.failure.threshold.ms)"), Importance.LOW,
                        "The health input lags when the wall clock is this far ahead of the latest heartbeat time processed (of"
                                + " any cluster): no cluster changes state meanwhile, the migration brake holds, and once it"
                                + " catches up every cluster gets a full failure threshold again. Default: health.failure.threshold.ms"
                                + " (a shorter stall cannot make a cluster look silent).",
                        GROUP_HEALTH, 6, ConfigDef.Width.SHORT, HEALTH_INPUT_LAG_TOLERANCE_MS)
                .define(HEALTH_BRAKE_RATIO, Type.DOUBLE, 0.5, Range.between(0.01, 1.0), Importance.MEDIUM,
                        "The migration brake holds while at least this share of the known clusters (and at least"
                                + " health.brake.min.clusters) turned SUSPECT within one health.failure.threshold.ms and are not back:"
                                + " fedstream then suspects itself or the network, and issues no migration command.",
                        GROUP_HEALTH, 7, ConfigDef.Width.SHORT, HEALTH_BRAKE_RATIO)
                .define(HEALTH_BRAKE_MIN_CLUSTERS, Type.INT, 2, Range.atLeast(1), Importance.LOW,
                        "The fewest clusters failing together that engage the migration brake: one cluster alone is never a"
                                + " mass failure by default.", GROUP_HEALTH, 8, ConfigDef.Width.SHORT, HEALTH_BRAKE_MIN_CLUSTERS)
                .define(HEALTH_CAPACITY_UPDATE_INTERVAL_MS, Type.LONG, HealthSettings.DEFAULT_CAPACITY_UPDATE_INTERVAL.toMillis(), Range.atLeast(0),
                        Importance.LOW,
                        "A change of a cluster's capacity alone (allocatable, allocated) reaches placement and the allocators at"
                                + " most once in this time of the heartbeats' clock, as Karmada updates a Cluster's status every"
                                + " --cluster-status-update-frequency (10 s); a change of state, labels, taints, topology, served kinds,"
                                + " a refusal or the brake goes out at once. 0 sends every change.",
                        GROUP_HEALTH, 9, ConfigDef.Width.SHORT, HEALTH_CAPACITY_UPDATE_INTERVAL_MS)

                .define(ADMIT_STATUS_INTERVAL_MS, Type.LONG, AdmitSettings.DEFAULT_STATUS_INTERVAL.toMillis(), Range.atLeast(1), Importance.LOW,
                        "How often (wall clock) the admit stage writes to the quota-status topic the status of every quota of"
                                + " each namespace that saw a decision or a quota change since the last write: a status is at most"
                                + " this far behind. The default is Kafka Streams' commit interval under exactly-once.",
                        GROUP_ADMIT, 1, ConfigDef.Width.SHORT, ADMIT_STATUS_INTERVAL_MS)

                .define(PLACE_RESERVATION_TTL_MS, Type.LONG, 300_000L, Range.atLeast(1), Importance.LOW,
                        "How long a namespace task remembers the spread of a failover burst it plans (how many moves went to each"
                                + " target), so that the moves of one incident spread over the survivors; how long room counts against a"
                                + " cluster is lease.ttl.ms.", GROUP_PLACE, 1, ConfigDef.Width.SHORT, PLACE_RESERVATION_TTL_MS)
                .define(PLACE_RETRY_INTERVAL_MS, Type.LONG, 10_000L, Range.atLeast(1), Importance.LOW,
                        "How often (wall clock) admitted workloads that are not placed (no cluster fits, or no policy selects them) are tried"
                                + " again; also how long a policy re-schedule that found its workload busy waits, and the first wait of a re-scale"
                                + " that found no schedule (doubled each round, at most 5 minutes).",
                        GROUP_PLACE, 2, ConfigDef.Width.SHORT, PLACE_RETRY_INTERVAL_MS)

                .define(LEASE_BUCKET_MS, Type.LONG, LeaseSettings.DEFAULT_BUCKET.toMillis(), Range.atLeast(1), Importance.LOW,
                        "Capacity leased to the namespace tasks is accounted in chunks per task and time bucket of this length:"
                                + " grants within one bucket merge, and a chunk's time is counted from its bucket. Shorter than half"
                                + " lease.ttl.ms.", GROUP_LEASE, 1, ConfigDef.Width.SHORT, LEASE_BUCKET_MS)
                .define(LEASE_TTL_MS, Type.LONG, LeaseSettings.DEFAULT_TTL.toMillis(), Range.atLeast(1), Importance.LOW,
                        "How long leased room counts against its cluster after its bucket ends: the time the cluster's heartbeats"
                                + " may take to report the pods placed there as allocated. A task places into a chunk until its bucket's"
                                + " start plus half of this, so every pod stays counted at least half of it after it was placed.",
                        GROUP_LEASE, 2, ConfigDef.Width.SHORT, LEASE_TTL_MS)
                .define(LEASE_HEADROOM_MAX, Type.DOUBLE, LeaseSettings.DEFAULT_HEADROOM_MAX.doubleValue(), Range.between(0.0, 1.0),
                        Importance.LOW, "A task asks a cluster for what its waiting workloads need there plus headroom, as much again,"
                                + " so that the next workloads are placed with no round trip; the tasks' headroom is together at most"
                                + " this share of the cluster's free room as its allocator last reported it, each task's this share"
                                + " divided by the number of tasks. 0: no headroom.",
                        GROUP_LEASE, 3, ConfigDef.Width.SHORT, LEASE_HEADROOM_MAX)
                .define(LEASE_OFFER_SHARE, Type.DOUBLE, LeaseSettings.DEFAULT_OFFER_SHARE.doubleValue(), Range.between(0.0, 1.0),
                        Importance.LOW, "When an allocator first sees a cluster, it offers this share of the cluster's free room,"
                                + " split equally between the namespace tasks, before any task asks, so that the first workloads are"
                                + " placed with no lease round trip; unused offers go back when another task waits. 0: no offers.",
                        GROUP_LEASE, 4, ConfigDef.Width.SHORT, LEASE_OFFER_SHARE)

                .define(ROCKSDB_MEMORY_TOTAL_BYTES, Type.LONG, 192L * 1024 * 1024, Range.atLeast(0), Importance.MEDIUM,
                        "Off-heap memory of all RocksDB state stores of an instance together: one shared block cache (data,"
                                + " index and filter blocks) that also accounts for the memtables. 0: unbounded, each store with"
                                + " RocksDB's and Kafka Streams' own defaults. At least 1048576 otherwise.",
                        GROUP_STATE, 1, ConfigDef.Width.SHORT, ROCKSDB_MEMORY_TOTAL_BYTES)
                .define(ROCKSDB_MEMORY_WRITE_BUFFER_RATIO, Type.DOUBLE, 0.5, Importance.LOW,
                        "Share of rocksdb.memory.total.bytes that memtables (write buffers) may take before the largest is"
                                + " flushed; above 0 and below 1.", GROUP_STATE, 2, ConfigDef.Width.SHORT, ROCKSDB_MEMORY_WRITE_BUFFER_RATIO);
    }

    private final Map<String, Source> sources;

    /**
     * Builds the configuration from its three sources; later ones win.
     *
     * @param file the properties file's entries (empty when there is none)
     * @param env the process environment; only {@code FEDSTREAM_*} variables are read
     * @param overrides explicit settings such as command-line flags
     * @throws ConfigException naming the key, the bad value and where it came from
     */
    public FedstreamConfig(Map<?, ?> file, Map<String, String> env, Map<String, String> overrides) {
        this(Merged.of(file, env, overrides));
    }

    private FedstreamConfig(Merged merged) {
        super(CONFIG, merged.values, false);
        this.sources = merged.sources;
        checkHealthTimings();
        checkLeaseTimings();
        checkRocksDbMemory();
    }

    private void checkRocksDbMemory() {
        long total = getLong(ROCKSDB_MEMORY_TOTAL_BYTES);
        if (total != 0 && total < 1024 * 1024) {
            throw new ConfigException(ROCKSDB_MEMORY_TOTAL_BYTES, total, "must be 0 (unbounded) or at least 1048576 (1 MiB)");
        }
        double ratio = getDouble(ROCKSDB_MEMORY_WRITE_BUFFER_RATIO);
        if (!(ratio > 0 && ratio < 1)) {
            throw new ConfigException(ROCKSDB_MEMORY_WRITE_BUFFER_RATIO, ratio, "must be above 0 and below 1");
        }
    }

    /** A chunk granted late in a bucket longer than half the TTL would be usable for no time at all. */
    private void checkLeaseTimings() {
        long bucket = getLong(LEASE_BUCKET_MS);
        long ttl = getLong(LEASE_TTL_MS);
        if (bucket > (ttl - 1) / 2) {
            throw new ConfigException(LEASE_BUCKET_MS, bucket, "must be shorter than half of " + LEASE_TTL_MS + " (" + ttl + ")");
        }
    }

    /** A check interval longer than the failure threshold would find a silent cluster late by up to the difference. */
    private void checkHealthTimings() {
        long interval = getLong(HEALTH_CHECK_INTERVAL_MS);
        long threshold = getLong(HEALTH_FAILURE_THRESHOLD_MS);
        if (interval > threshold) {
            throw new ConfigException(HEALTH_CHECK_INTERVAL_MS, interval,
                    "must not exceed " + HEALTH_FAILURE_THRESHOLD_MS + " (" + threshold + ")");
        }
    }

    /** The configuration from defaults and overrides only. */
    public static FedstreamConfig of(Map<String, String> overrides) {
        return new FedstreamConfig(Map.of(), Map.of(), overrides);
    }

    /**
     * Reads {@code propertiesFile} (may be null: no file), the given environment and the overrides.
     * Pass {@code System.getenv()} as {@code env} in {@code main}.
     */
    public static FedstreamConfig load(Path propertiesFile, Map<String, String> env, Map<String, String> overrides) {
        return new FedstreamConfig(propertiesFile == null ? Map.of() : readProperties(propertiesFile), env, overrides);
    }

    /** Every key, its type, default and documentation. */
    public static ConfigDef configDef() {
        return new ConfigDef(CONFIG);
    }

    /**
     * {@code FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS} -> {@code kafka.bootstrap.servers}; empty for other
     * variables. Since every '_' becomes '.', a pass-through Kafka key containing '_' or '-' can
     * only be set in the file or as an override.
     */
    public static Optional<String> keyForEnvironmentVariable(String variable) {
        if (!variable.startsWith(ENV_PREFIX) || variable.length() == ENV_PREFIX.length()) {
            return Optional.empty();
        }
        return Optional.of(variable.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.'));
    }

    /** {@code kafka.bootstrap.servers} -> {@code FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS}. */
    public static String environmentVariableFor(String key) {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    // ---- Kafka Streams

    public String kafkaBootstrapServers() {
        return getString(KAFKA_BOOTSTRAP_SERVERS);
    }

    public String applicationId() {
        return getString(APPLICATION_ID);
    }

    /** The health client's application id, {@code <application.id>-health}: its own consumer group, state and internal topics. */
    public String healthApplicationId() {
        return applicationId() + "-health";
    }

    public Path stateDir() {
        return Path.of(getString(STATE_DIR));
    }

    public String processingGuarantee() {
        return getString(PROCESSING_GUARANTEE);
    }

    public int numStreamThreads() {
        return getInt(NUM_STREAM_THREADS);
    }

    public long commitIntervalMs() {
        return getLong(COMMIT_INTERVAL_MS);
    }

    /** How long Kafka Streams may make no progress before {@code run} exits 1. */
    public Duration streamsStallTimeout() {
        return Duration.ofMillis(getLong(STREAMS_STALL_TIMEOUT_MS));
    }

    // ---- Schema registry

    /** The registry's base URL; empty means the in-process registry. */
    public Optional<String> schemaRegistryUrl() {
        return nonEmpty(getString(SCHEMA_REGISTRY_URL));
    }

    public Optional<Password> schemaRegistryBasicAuthUserInfo() {
        return nonEmpty(getPassword(SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO));
    }

    public Optional<Password> schemaRegistryBearerToken() {
        return nonEmpty(getPassword(SCHEMA_REGISTRY_BEARER_TOKEN));
    }

    public boolean autoRegisterSchemas() {
        return getBoolean(AUTO_REGISTER_SCHEMAS);
    }

    public boolean useLatestVersion() {
        return getBoolean(USE_LATEST_VERSION);
    }

    public long latestCacheTtlSeconds() {
        return getLong(LATEST_CACHE_TTL_SECONDS);
    }

    public SubjectNameStrategy subjectNameStrategy() {
        return SubjectNameStrategy.fromConfig(getString(SUBJECT_NAME_STRATEGY));
    }

    /** The topic of the embedded registry's schemas. */
    public String schemaRegistryTopic() {
        return getString(SCHEMA_REGISTRY_TOPIC);
    }

    // ---- Topics

    /** The configured name of the topic. */
    public String topicName(FedstreamTopic topic) {
        return getString(topic.configKey());
    }

    /** Every fedstream topic's name, as configured. */
    public Map<FedstreamTopic, String> topicNames() {
        Map<FedstreamTopic, String> names = new EnumMap<>(FedstreamTopic.class);
        for (FedstreamTopic topic : FedstreamTopic.values()) {
            names.put(topic, topicName(topic));
        }
        return Collections.unmodifiableMap(names);
    }

    public int topicPartitions() {
        return getInt(TOPIC_PARTITIONS);
    }

    public short topicReplicationFactor() {
        return getShort(TOPIC_REPLICATION_FACTOR);
    }

    // ---- HTTP and local runtime

    public String httpHost() {
        return getString(HTTP_HOST);
    }

    public int httpPort() {
        return getInt(HTTP_PORT);
    }

    public Optional<Password> httpBearerToken() {
        return nonEmpty(getPassword(HTTP_BEARER_TOKEN));
    }

    public int httpMaxConcurrentRequests() {
        return getInt(HTTP_MAX_CONCURRENT_REQUESTS);
    }

    public int httpMaxWatches() {
        return getInt(HTTP_MAX_WATCHES);
    }

    public Duration httpRequestTimeout() {
        return Duration.ofMillis(getLong(HTTP_REQUEST_TIMEOUT_MS));
    }

    /** The certificate and key files of the HTTP server, when it speaks HTTPS. */
    public Optional<HttpTls> httpTls() {
        String cert = getString(HTTP_TLS_CERT_FILE);
        String key = getString(HTTP_TLS_KEY_FILE);
        if (cert.isEmpty() != key.isEmpty()) {
            throw new ConfigException(cert.isEmpty() ? HTTP_TLS_CERT_FILE : HTTP_TLS_KEY_FILE, "",
                    "give both " + HTTP_TLS_CERT_FILE + " and " + HTTP_TLS_KEY_FILE + ", or neither");
        }
        return cert.isEmpty() ? Optional.empty() : Optional.of(new HttpTls(Path.of(cert), Path.of(key)));
    }

    /** The PEM files of an HTTPS server: its certificate chain and its PKCS#8 private key. */
    public record HttpTls(Path certFile, Path keyFile) {}

    public boolean metricsPublic() {
        return getBoolean(METRICS_PUBLIC);
    }

    public boolean metricsKafkaPerInstance() {
        return getBoolean(METRICS_KAFKA_PER_INSTANCE);
    }

    public boolean metricsJmx() {
        return getBoolean(METRICS_JMX);
    }

    public int embeddedKafkaPort() {
        return getInt(EMBEDDED_KAFKA_PORT);
    }

    public int embeddedRegistryPort() {
        return getInt(EMBEDDED_REGISTRY_PORT);
    }

    public Optional<Path> customizationsDir() {
        return nonEmpty(getString(CUSTOMIZATIONS_DIR)).map(Path::of);
    }

    /** The cluster watch's thresholds (stage 5). */
    public HealthSettings healthSettings() {
        return new HealthSettings(
                Duration.ofMillis(getLong(HEALTH_FAILURE_THRESHOLD_MS)),
                Duration.ofMillis(getLong(HEALTH_TOLERATION_MS)),
                Duration.ofMillis(getLong(HEALTH_SUCCESS_THRESHOLD_MS)),
                Duration.ofMillis(getLong(HEALTH_FLAP_WINDOW_MS)),
                Duration.ofMillis(getLong(HEALTH_CHECK_INTERVAL_MS)),
                Duration.ofMillis(getLong(HEALTH_INPUT_LAG_TOLERANCE_MS) == null
                        ? getLong(HEALTH_FAILURE_THRESHOLD_MS) : getLong(HEALTH_INPUT_LAG_TOLERANCE_MS)),
                getDouble(HEALTH_BRAKE_RATIO),
                getInt(HEALTH_BRAKE_MIN_CLUSTERS),
                Duration.ofMillis(getLong(HEALTH_CAPACITY_UPDATE_INTERVAL_MS)));
    }

    /** The admit stage's clock. */
    public AdmitSettings admitSettings() {
        return new AdmitSettings(Duration.ofMillis(getLong(ADMIT_STATUS_INTERVAL_MS)));
    }

    /** The place-and-fail-over stage's clocks; a NoExecute taint no toleration of a workload's policy tolerates gets health.toleration.ms. */
    public PlaceFailoverSettings placeFailoverSettings() {
        return new PlaceFailoverSettings(
                Duration.ofMillis(getLong(HEALTH_TOLERATION_MS)),
                Duration.ofMillis(getLong(HEALTH_FAILURE_THRESHOLD_MS)),
                Duration.ofMillis(getLong(HEALTH_CHECK_INTERVAL_MS)),
                Duration.ofMillis(getLong(PLACE_RETRY_INTERVAL_MS)),
                Duration.ofMillis(getLong(PLACE_RESERVATION_TTL_MS)),
                topicPartitions());
    }

    /** The terms of the capacity leases, for the allocator and the namespace tasks alike. */
    public LeaseSettings leaseSettings() {
        return new LeaseSettings(Duration.ofMillis(getLong(LEASE_BUCKET_MS)), Duration.ofMillis(getLong(LEASE_TTL_MS)),
                share(LEASE_HEADROOM_MAX), topicPartitions(), share(LEASE_OFFER_SHARE));
    }

    /** A share given as a double, exactly as written: 0.25 is 0.25, 0 and 0.0 are 0. */
    private BigDecimal share(String key) {
        return BigDecimal.valueOf(getDouble(key)).stripTrailingZeros();
    }

    /** Bytes of off-heap memory all RocksDB stores share; 0 when unbounded. */
    public long rocksDbMemoryTotalBytes() {
        return getLong(ROCKSDB_MEMORY_TOTAL_BYTES);
    }

    public double rocksDbMemoryWriteBufferRatio() {
        return getDouble(ROCKSDB_MEMORY_WRITE_BUFFER_RATIO);
    }

    /** Where {@code key}'s value came from. */
    public Source sourceOf(String key) {
        return sources.getOrDefault(key, Source.DEFAULT);
    }

    // ---- Kafka client configurations

    /**
     * The Kafka Streams configuration: exactly-once v2, {@code acks=all}, explicit internal
     * resource naming (KIP-1111), then every {@code kafka.streams.*}, {@code kafka.producer.*}
     * and {@code kafka.consumer.*} key, which win over the values derived here.
     */
    public Properties streamsProperties() {
        Properties props = new Properties();
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers());
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId());
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir().toString());
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, processingGuarantee());
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, numStreamThreads());
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, commitIntervalMs());
        props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        props.put(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
        // The global stores restore partition by partition, and each partition with nothing left to return holds the
        // fetch for its full wait: 3.2 s before the stream thread started with the default 500 ms, 0.9 s with 50 ms.
        props.put(StreamsConfig.globalConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG), GLOBAL_FETCH_MAX_WAIT_MS);
        // The same holds for the stores of the tasks: a task whose changelogs have nothing to restore waited for the
        // restore consumer's fetch, and tasks left restoration in steps of 500 ms (1.5 s of a fresh start's 6 s).
        props.put(StreamsConfig.restoreConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG), RESTORE_FETCH_MAX_WAIT_MS);
        // On a first start the partition assignor creates the internal topics, and its loop (Kafka 4.3) gets one more of
        // them ready per retry, sleeping the main consumer's retry.backoff.ms between retries: the 26 topics took 2.8 s
        // with Kafka's 100 ms, 0.5 s with 10 ms. The consumer's other retries back off exponentially from there.
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.RETRY_BACKOFF_MS_CONFIG), MAIN_RETRY_BACKOFF_MS);
        // At a fresh start the broker answered two transactional requests of a stream thread's producer (its
        // initTransactions, the offsets of its first commit) with a retriable error, and the producer slept
        // retry.backoff.ms before each retry: twice 100 ms with Kafka's default, both on the way to the first placed
        // binding (docs/benchmarks.md, 2026-12-07 09:31). Later retries back off exponentially from 10 ms to Kafka's
        // retry.backoff.max.ms, as before. kafka.producer.* wins.
        props.put(StreamsConfig.producerPrefix(ProducerConfig.RETRY_BACKOFF_MS_CONFIG), PRODUCER_RETRY_BACKOFF_MS);
        // A workload waiting for room waits for a lease grant, which crosses two topics (requests, grants), and the
        // consumer hands out what its fetches brought in the order they came: small polls, and fetches of at most 128 KiB
        // in all (Kafka's default is 50 MiB), keep a backlog of workloads from queueing in front of the grants. With
        // 1 MiB a grant waited behind about 700 workloads, and at a 5,000 backlog 1.6 store records and 1.4 audit
        // events were written a workload (most waited, and were decided over two processings); with 128 KiB 0.4 less
        // of each (docs/benchmarks.md).
        // kafka.streams.main.consumer.* wins.
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.MAX_POLL_RECORDS_CONFIG), MAIN_MAX_POLL_RECORDS);
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.FETCH_MAX_BYTES_CONFIG), MAIN_FETCH_MAX_BYTES);
        // A stream thread replaced after an error (a broker outage) joins the group as a new member, and Kafka Streams
        // does not make the old one leave; a process restarted after kill -9 is a new member too. Either way the group
        // hands out no partition, so nothing is decided, until the old member's session expires: 45 s with Kafka's
        // default, 10 s here (Kafka's default before 3.0; RunCommandIT's outage test recovered in 41 s instead of 78 s).
        // kafka.consumer.* wins.
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), SESSION_TIMEOUT_MS);
        if (!metricsJmx()) {
            // Kafka's JmxReporter registers an MBean for every meter of every client, task and store: about 0.9 s of CPU
            // (a seventh) of a fresh start with 37 tasks, the JIT's part included, for meters that /metrics serves anyway
            // (docs/benchmarks.md, 2026-12-07 04:03). kafka.streams.metric.reporters wins.
            props.put(StreamsConfig.METRIC_REPORTER_CLASSES_CONFIG, "");
        }
        props.putAll(originalsWithPrefix(STREAMS_PREFIX));
        originalsWithPrefix(PRODUCER_PREFIX).forEach((k, v) -> props.put(StreamsConfig.producerPrefix(k), v));
        originalsWithPrefix(CONSUMER_PREFIX).forEach((k, v) -> props.put(StreamsConfig.consumerPrefix(k), v));
        return props;
    }

    /**
     * For tools that write to fedstream topics: idempotent, {@code acks=all}, records keyed by workload key on their
     * namespace's partition ({@link NamespacePartitioner}), then {@code kafka.producer.*}. No serializers.
     */
    public Properties producerProperties() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
        props.putAll(originalsWithPrefix(PRODUCER_PREFIX));
        return props;
    }

    /** For tools that read fedstream topics: {@code read_committed}, then {@code kafka.consumer.*}. No deserializers. */
    public Properties consumerProperties() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.putAll(originalsWithPrefix(CONSUMER_PREFIX));
        return props;
    }

    /** For topic creation and inspection: bootstrap servers, then {@code kafka.admin.*}. */
    public Properties adminProperties() {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers());
        props.putAll(originalsWithPrefix(ADMIN_PREFIX));
        return props;
    }

    // ---- Documentation

    /**
     * Every key with its type, default, environment variable and documentation, grouped as in
     * the README; independent of any particular configuration.
     */
    public static String describeKeys() {
        StringBuilder out = new StringBuilder();
        String group = null;
        for (ConfigDef.ConfigKey key : orderedKeys()) {
            if (!key.group.equals(group)) {
                group = key.group;
                out.append(out.isEmpty() ? "" : "\n").append("# ").append(group).append('\n');
            }
            out.append(key.name).append(" (").append(key.type.name().toLowerCase(Locale.ROOT)).append(", default ")
                    .append(displayDefault(key)).append(validValues(key)).append(", env ").append(environmentVariableFor(key.name))
                    .append(")\n    ").append(key.documentation).append('\n');
        }
        out.append("\n# Pass-through\n")
                .append(STREAMS_PREFIX).append("*, ").append(PRODUCER_PREFIX).append("*, ").append(CONSUMER_PREFIX)
                .append("*, ").append(ADMIN_PREFIX).append("*\n")
                .append("    Any Kafka Streams, producer, consumer or admin setting, prefix removed;"
                        + " it wins over the values fedstream derives.\n");
        return out.toString();
    }

    /**
     * {@link #describeKeys()} plus this configuration's value and where it came from; passwords
     * and secret-looking pass-through values print as {@value #HIDDEN}.
     */
    public String describe() {
        StringBuilder out = new StringBuilder();
        String group = null;
        for (ConfigDef.ConfigKey key : orderedKeys()) {
            if (!key.group.equals(group)) {
                group = key.group;
                out.append(out.isEmpty() ? "" : "\n").append("# ").append(group).append('\n');
            }
            out.append(key.name).append(" = ").append(displayValue(key.name)).append("  [").append(sourceName(key.name));
            if (sourceOf(key.name) != Source.DEFAULT) {
                out.append("; default ").append(displayDefault(key));
            }
            out.append("]\n    ").append(key.documentation).append('\n');
        }
        Map<String, String> passThrough = passThroughDisplay();
        if (!passThrough.isEmpty()) {
            out.append("\n# Pass-through\n");
            passThrough.forEach((k, v) -> out.append(k).append(" = ").append(v).append("  [").append(sourceName(k)).append("]\n"));
        }
        return out.toString();
    }

    /** Every value, passwords and secret-looking pass-through values hidden. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("FedstreamConfig{");
        String separator = "";
        for (ConfigDef.ConfigKey key : orderedKeys()) {
            out.append(separator).append(key.name).append('=').append(displayValue(key.name));
            separator = ", ";
        }
        for (Map.Entry<String, String> entry : passThroughDisplay().entrySet()) {
            out.append(separator).append(entry.getKey()).append('=').append(entry.getValue());
        }
        return out.append('}').toString();
    }

    private String displayValue(String key) {
        Object value = values().get(key);
        if (value instanceof Password password) {
            return password.value().isEmpty() ? "\"\"" : HIDDEN;
        }
        String text = ConfigDef.convertToString(value, CONFIG.configKeys().get(key).type);
        return text == null || text.isEmpty() ? "\"\"" : text;
    }

    private Map<String, String> passThroughDisplay() {
        Map<String, String> shown = new TreeMap<>();
        originals().forEach((k, v) -> {
            if (PASS_THROUGH_PREFIXES.stream().anyMatch(k::startsWith)) {
                shown.put(k, SECRET_KEY.matcher(k.toLowerCase(Locale.ROOT)).matches() ? HIDDEN : String.valueOf(v));
            }
        });
        return shown;
    }

    private String sourceName(String key) {
        Source source = sourceOf(key);
        return switch (source) {
            case DEFAULT -> "default";
            case FILE -> "file";
            case ENVIRONMENT -> "env " + environmentVariableFor(key);
            case OVERRIDE -> "override";
        };
    }

    private static List<ConfigDef.ConfigKey> orderedKeys() {
        return CONFIG.configKeys().values().stream().toList();
    }

    private static String displayDefault(ConfigDef.ConfigKey key) {
        String shown = DISPLAY_DEFAULTS.get(key.name);
        if (shown != null) {
            return shown;
        }
        String text = key.defaultValue instanceof Password p ? p.value() : ConfigDef.convertToString(key.defaultValue, key.type);
        return text == null || text.isEmpty() ? "\"\"" : text;
    }

    private static String validValues(ConfigDef.ConfigKey key) {
        if (key.validator instanceof ValidString || key.validator instanceof Range) {
            return ", " + key.validator;
        }
        return "";
    }

    private static Optional<String> nonEmpty(String value) {
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static Optional<Password> nonEmpty(Password value) {
        return value == null || value.value().isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static Map<String, String> readProperties(Path file) {
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read configuration file " + file, e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        props.stringPropertyNames().forEach(name -> values.put(name, props.getProperty(name).strip()));
        return values;
    }

    /** The three sources merged, each value checked against its key so that errors say which source set it. */
    private record Merged(Map<String, Object> values, Map<String, Source> sources) {

        static Merged of(Map<?, ?> file, Map<String, String> env, Map<String, String> overrides) {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(env, "env");
            Objects.requireNonNull(overrides, "overrides");
            Map<String, Object> values = new LinkedHashMap<>();
            Map<String, Source> sources = new LinkedHashMap<>();
            List<String> unknown = new ArrayList<>();

            file.forEach((k, v) -> put(String.valueOf(k), v, Source.FILE, "configuration file", values, sources, unknown));
            new TreeMap<>(env).forEach((variable, v) -> keyForEnvironmentVariable(variable).ifPresent(key -> {
                if (isKnown(key)) {
                    put(key, v, Source.ENVIRONMENT, "environment variable " + variable, values, sources, unknown);
                } else {
                    // Launch scripts set FEDSTREAM_* variables of their own (FEDSTREAM_HOME, ...); they are not settings.
                    LOG.debug("Ignoring environment variable {}: {} is not a fedstream setting", variable, key);
                }
            }));
            overrides.forEach((k, v) -> put(k, v, Source.OVERRIDE, "overrides", values, sources, unknown));

            if (!unknown.isEmpty()) {
                throw new ConfigException("Unknown configuration " + (unknown.size() == 1 ? "key " : "keys ")
                        + String.join(", ", unknown) + "; see `fedstream config --describe` for the known keys,"
                        + " or prefix Kafka settings with " + String.join(", ", PASS_THROUGH_PREFIXES));
            }
            return new Merged(values, Map.copyOf(sources));
        }

        private static boolean isKnown(String key) {
            return CONFIG.configKeys().containsKey(key) || PASS_THROUGH_PREFIXES.stream().anyMatch(key::startsWith);
        }

        private static void put(String key, Object value, Source source, String origin,
                                Map<String, Object> values, Map<String, Source> sources, List<String> unknown) {
            if (!isKnown(key)) {
                unknown.add(key + " (from " + origin + ")");
                return;
            }
            ConfigDef.ConfigKey configKey = CONFIG.configKeys().get(key);
            Object checked = value instanceof String s ? s.strip() : value;
            if (configKey != null) {
                try {
                    Object parsed = ConfigDef.parseType(key, checked, configKey.type);
                    if (configKey.validator != null) {
                        configKey.validator.ensureValid(key, parsed);
                    }
                } catch (ConfigException e) {
                    throw new ConfigException(e.getMessage() + " (from " + origin + ")");
                }
            }
            values.put(key, checked);
            sources.put(key, source);
        }
    }
}
