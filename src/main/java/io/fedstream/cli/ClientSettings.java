package io.fedstream.cli;

import io.fedstream.config.FedstreamConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a client setting comes from, for every command: a flag wins over an environment variable, which wins over the
 * current context of the context file ({@link ContextFile}), which wins over the command's default. (A configuration
 * file given with {@code --config} and {@code --set} are as explicit as flags.)
 */
final class ClientSettings {

    /** The query server's URL. */
    static final String SERVER_VARIABLE = "FEDSTREAM_SERVER";
    /** Its bearer token (the same variable sets the server's own {@code http.bearer.token}). */
    static final String TOKEN_VARIABLE = "FEDSTREAM_HTTP_BEARER_TOKEN";
    /** A PEM file of the authority that signed an HTTPS query server's certificate. */
    static final String CERTIFICATE_AUTHORITY_VARIABLE = "FEDSTREAM_CERTIFICATE_AUTHORITY";

    private final Map<String, String> env;
    private final ContextFile.Context context;

    ClientSettings(Map<String, String> env, ContextFile.Context context) {
        this.env = env;
        this.context = context;
    }

    /** The process's environment and the current context of its context file. */
    static ClientSettings ofProcess() {
        Map<String, String> env = System.getenv();
        return new ClientSettings(env, ContextFile.read(ContextFile.location(env)).current());
    }

    /** The flag's value, else the variable's, else the context's; empty when none is set. */
    Optional<String> resolve(String flag, String variable, String fromContext) {
        if (flag != null && !flag.isEmpty()) {
            return Optional.of(flag);
        }
        String fromEnv = variable == null ? null : env.get(variable);
        if (fromEnv != null && !fromEnv.isEmpty()) {
            return Optional.of(fromEnv);
        }
        return Optional.ofNullable(fromContext).filter(value -> !value.isEmpty());
    }

    ContextFile.Context context() {
        return context;
    }

    Map<String, String> env() {
        return env;
    }

    /**
     * The configuration of a command that reaches Kafka: as {@code load} reads it (file, environment, overrides), with the
     * current context's brokers and registry where nothing but the default set them.
     */
    FedstreamConfig kafkaConfig(Path configFile, Map<String, String> overrides) {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        FedstreamConfig config = FedstreamConfig.load(configFile, env, settings);
        boolean fromContext = false;
        if (config.sourceOf(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS) == FedstreamConfig.Source.DEFAULT && context.bootstrapServers() != null) {
            settings.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, context.bootstrapServers());
            fromContext = true;
        }
        if (config.sourceOf(FedstreamConfig.SCHEMA_REGISTRY_URL) == FedstreamConfig.Source.DEFAULT && context.registry() != null) {
            settings.put(FedstreamConfig.SCHEMA_REGISTRY_URL, context.registry());
            fromContext = true;
        }
        return fromContext ? FedstreamConfig.load(configFile, env, settings) : config;
    }
}
