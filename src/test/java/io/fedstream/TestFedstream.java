package io.fedstream;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.interpret.Interpreter;
import io.fedstream.serde.InProcessSchemaRegistry;

/** Builds the application for tests: default configuration, an in-process registry, the built-in interpreter. */
public final class TestFedstream {

  private TestFedstream() {}

  public static Fedstream create() {
    return new Fedstream(FedstreamConfig.defaults(), new InProcessSchemaRegistry(), Interpreter.builtIn());
  }
}
