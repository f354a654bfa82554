package io.fedstream.serde;

import java.time.Duration;
import java.util.Objects;

/**
 * How an Avro serde finds schema ids, with Confluent's keys and defaults: {@code TopicNameStrategy},
 * {@code auto.register.schemas=true}, {@code use.latest.version=false}.
 *
 * @param subjectNameStrategy maps topic and record schema to a subject
 * @param autoRegisterSchemas register the record's schema on first use; otherwise it must already be registered
 * @param useLatestVersion write with the subject's latest schema, which must read the record's schema (BACKWARD)
 * @param latestTtl how long the serializer trusts the latest version it fetched and checked
 * @param isKey whether the serde is for record keys ({@code -key} subjects) or values
 */
public record AvroSerdeConfig(SubjectNameStrategy subjectNameStrategy, boolean autoRegisterSchemas,
        boolean useLatestVersion, Duration latestTtl, boolean isKey) {

    public AvroSerdeConfig {
        Objects.requireNonNull(subjectNameStrategy, "subjectNameStrategy");
        Objects.requireNonNull(latestTtl, "latestTtl");
        if (latestTtl.isNegative()) {
            throw new IllegalArgumentException("latestTtl must not be negative: " + latestTtl);
        }
        // Confluent silently lets auto-registration win over use.latest.version; refuse the ambiguous pair instead.
        if (autoRegisterSchemas && useLatestVersion) {
            throw new IllegalArgumentException(
                    "use.latest.version=true needs auto.register.schemas=false: a serializer cannot do both");
        }
    }

    public static AvroSerdeConfig defaults() {
        return new AvroSerdeConfig(SubjectNameStrategy.TOPIC_NAME, true, false, Duration.ofSeconds(60), false);
    }

    public AvroSerdeConfig withSubjectNameStrategy(SubjectNameStrategy strategy) {
        return new AvroSerdeConfig(strategy, autoRegisterSchemas, useLatestVersion, latestTtl, isKey);
    }

    public AvroSerdeConfig withAutoRegisterSchemas(boolean autoRegister) {
        return new AvroSerdeConfig(subjectNameStrategy, autoRegister, useLatestVersion, latestTtl, isKey);
    }

    /** Turns use.latest.version on or off; turning it on also turns auto-registration off. */
    public AvroSerdeConfig withUseLatestVersion(boolean useLatest, Duration ttl) {
        return new AvroSerdeConfig(subjectNameStrategy, autoRegisterSchemas && !useLatest, useLatest, ttl, isKey);
    }

    public AvroSerdeConfig withKey(boolean key) {
        return new AvroSerdeConfig(subjectNameStrategy, autoRegisterSchemas, useLatestVersion, latestTtl, key);
    }
}
