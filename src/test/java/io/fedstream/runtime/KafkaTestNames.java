package io.fedstream.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Topic names and application ids derived from the running test (class, method, a JVM-wide
 * counter), so tests sharing one broker never see each other's data.
 */
public final class KafkaTestNames {

    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final int MAX_TOPIC_NAME = 249;

    private final String prefix;

    KafkaTestNames(String className, String methodName) {
        String base = sanitize(className) + (methodName == null ? "" : "." + sanitize(methodName));
        // The counter keeps repeated and parameterized invocations of one method apart.
        this.prefix = truncate(base, 180) + "-" + COUNTER.incrementAndGet();
    }

    /** {@code <Class>.<method>-<n>}, the same for every call within one test. */
    public String prefix() {
        return prefix;
    }

    /** {@code <Class>.<method>-<n>.<suffix>}, e.g. {@code KafkaClusterExtensionIT.roundTrip-3.input}. */
    public String topic(String suffix) {
        return truncate(prefix + "." + sanitize(suffix), MAX_TOPIC_NAME);
    }

    /** A Kafka Streams application id for this test, e.g. {@code KafkaClusterExtensionIT.roundTrip-3.app}. */
    public String applicationId() {
        return applicationId("app");
    }

    public String applicationId(String suffix) {
        return topic(suffix);
    }

    /** A transactional id or consumer group id for this test. */
    public String id(String suffix) {
        return topic(suffix);
    }

    @Override
    public String toString() {
        return prefix;
    }

    /** Keeps only the characters Kafka allows in topic names: letters, digits, '.', '_' and '-' (others become '-'). */
    static String sanitize(String raw) {
        String cleaned = raw.replaceAll("[^A-Za-z0-9._-]", "-");
        return cleaned.isEmpty() ? "-" : cleaned;
    }

    private static String truncate(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
