package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.util.Map;

/** Builds the application for tests: default configuration, an in-process registry, the built-in interpreter. */
public final class TestFedstream {

    private TestFedstream() {}

    public static Fedstream create() {
        return create(Map.of());
    }

    /** The same with configuration overrides, e.g. health timings short enough for a test. */
    public static Fedstream create(Map<String, String> overrides) {
        return create(overrides, new InProcessSchemaRegistry());
    }

    /**
     * The same with a given registry, e.g. the one of an instance that restarts, whose stores hold its schema ids. One
     * partition per topic unless the overrides say otherwise: TopologyTestDriver gives every topic one.
     */
    public static Fedstream create(Map<String, String> overrides, SchemaRegistry registry) {
        Map<String, String> config = new java.util.HashMap<>(Map.of(FedstreamConfig.TOPIC_PARTITIONS, "1"));
        config.putAll(overrides);
        return new Fedstream(FedstreamConfig.of(config), registry, InterpreterExtensions.none());
    }
}
