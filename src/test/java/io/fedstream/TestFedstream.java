package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.util.Map;

/** Builds the application for tests: default configuration, an in-process registry, the built-in interpreter. */
public final class TestFedstream {

    private TestFedstream() {}

    public static Fedstream create() {
        return create(Map.of());
    }

    /** The same with configuration overrides, e.g. health timings short enough for a test. */
    public static Fedstream create(Map<String, String> overrides) {
        return new Fedstream(FedstreamConfig.of(overrides), new InProcessSchemaRegistry(), InterpreterExtensions.none());
    }
}
