package io.fedstream.connect;

import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.ConfluentRegistryClient;
import io.fedstream.serde.SubjectNameStrategy;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.connect.storage.ConverterConfig;

/**
 * The settings of {@link ConfluentAvroConverter}, under the keys Confluent's AvroConverter uses, so a worker's
 * {@code value.converter.*} lines carry over: the registry, its credentials, and how schemas are found on write.
 */
public final class ConfluentAvroConverterConfig extends ConverterConfig {

    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    public static final String BASIC_AUTH_USER_INFO = "basic.auth.user.info";
    public static final String BEARER_AUTH_TOKEN = "bearer.auth.token";
    public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
    public static final String USE_LATEST_VERSION = "use.latest.version";
    public static final String LATEST_CACHE_TTL_SEC = "latest.cache.ttl.sec";
    public static final String SUBJECT_NAME_STRATEGY = "subject.name.strategy";
    public static final String REQUEST_TIMEOUT_MS = "schema.registry.request.timeout.ms";

    private static final ConfigDef CONFIG = ConverterConfig.newConfigDef()
            .define(SCHEMA_REGISTRY_URL, Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(),
                    Importance.HIGH, "Base URL of a registry speaking the Confluent REST API, e.g."
                            + " http://registry:8080/apis/ccompat/v7 for Apicurio, http://fedstream:8081 for `fedstream run"
                            + " --embedded`. One URL; no list.")
            .define(BASIC_AUTH_USER_INFO, Type.PASSWORD, "", Importance.MEDIUM,
                    "user:password for HTTP basic authentication to the registry. Empty: none.")
            .define(BEARER_AUTH_TOKEN, Type.PASSWORD, "", Importance.MEDIUM,
                    "Bearer token for the registry. Empty: none.")
            .define(AUTO_REGISTER_SCHEMAS, Type.BOOLEAN, true, Importance.MEDIUM,
                    "When writing (fromConnectData): register the record's schema on first use. Reading never registers.")
            .define(USE_LATEST_VERSION, Type.BOOLEAN, false, Importance.LOW,
                    "When writing: write with the subject's latest version (checked backward compatible); needs "
                            + AUTO_REGISTER_SCHEMAS + "=false.")
            .define(LATEST_CACHE_TTL_SEC, Type.LONG, 60L, Range.atLeast(0), Importance.LOW,
                    "How long the latest version of a subject is cached, in seconds.")
            .define(SUBJECT_NAME_STRATEGY, Type.STRING, "TopicNameStrategy", Importance.LOW,
                    "When writing: TopicNameStrategy (<topic>-key/-value), RecordNameStrategy or TopicRecordNameStrategy"
                            + " (Confluent's class names are accepted too).")
            .define(REQUEST_TIMEOUT_MS, Type.INT, 10_000, Range.atLeast(1), Importance.LOW,
                    "Timeout of one registry request, in milliseconds.");

    public ConfluentAvroConverterConfig(Map<String, ?> props) {
        super(CONFIG, props);
    }

    public static ConfigDef configDef() {
        return CONFIG;
    }

    /** A registry client for these settings. */
    public ConfluentRegistryClient registryClient() {
        ConfluentRegistryClient.Builder client = ConfluentRegistryClient.builder(getString(SCHEMA_REGISTRY_URL))
                .latestTtl(Duration.ofSeconds(getLong(LATEST_CACHE_TTL_SEC)))
                .requestTimeout(Duration.ofMillis(getInt(REQUEST_TIMEOUT_MS)));
        String token = getPassword(BEARER_AUTH_TOKEN).value();
        if (!token.isEmpty()) {
            client.bearerToken(token);
        }
        Password userInfo = getPassword(BASIC_AUTH_USER_INFO);
        if (!userInfo.value().isEmpty()) {
            String[] parts = userInfo.value().split(":", 2);
            if (parts.length != 2) {
                throw new ConfigException(BASIC_AUTH_USER_INFO, "[hidden]", "expected user:password");
            }
            client.basicAuth(parts[0], parts[1]);
        }
        return client.build();
    }

    /** How the converter's serializer finds schema ids when writing keys ({@code isKey}) or values. */
    public AvroSerdeConfig serdeConfig(boolean isKey) {
        SubjectNameStrategy strategy;
        try {
            strategy = SubjectNameStrategy.fromConfig(getString(SUBJECT_NAME_STRATEGY));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(SUBJECT_NAME_STRATEGY, getString(SUBJECT_NAME_STRATEGY), e.getMessage());
        }
        boolean useLatest = getBoolean(USE_LATEST_VERSION);
        boolean autoRegister = getBoolean(AUTO_REGISTER_SCHEMAS);
        if (useLatest && autoRegister) {
            throw new ConfigException(USE_LATEST_VERSION, true, "needs " + AUTO_REGISTER_SCHEMAS + "=false");
        }
        AvroSerdeConfig config = AvroSerdeConfig.defaults().withSubjectNameStrategy(strategy).withKey(isKey);
        return useLatest ? config.withUseLatestVersion(true, Duration.ofSeconds(getLong(LATEST_CACHE_TTL_SEC)))
                : config.withAutoRegisterSchemas(autoRegister);
    }
}
