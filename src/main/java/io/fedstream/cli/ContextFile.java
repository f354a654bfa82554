package io.fedstream.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The connection settings of the command line, in kubeconfig's vocabulary: named contexts, each with the Kafka
 * brokers, the schema registry, the query server, its token and the certificate authority that signed it, and the
 * current context. Kept in {@code ~/.fedstream/config}, or in the file {@code FEDSTREAM_CONFIG} names; written only by
 * {@code fedstream config set-context} and {@code use-context}, readable by its owner alone (it may hold a token).
 */
final class ContextFile {

    /** The environment variable that names another file. */
    static final String LOCATION_VARIABLE = "FEDSTREAM_CONFIG";

    private static final ObjectMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** One context's settings; an absent setting leaves the command's own default. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Context(@JsonProperty("bootstrap-servers") String bootstrapServers,
                   @JsonProperty("registry") String registry,
                   @JsonProperty("server") String server,
                   @JsonProperty("token") String token,
                   @JsonProperty("certificate-authority") String certificateAuthority) {

        static final Context NONE = new Context(null, null, null, null, null);

        /** These settings, with those {@code other} gives on top. */
        Context with(Context other) {
            return new Context(first(other.bootstrapServers, bootstrapServers), first(other.registry, registry),
                    first(other.server, server), first(other.token, token), first(other.certificateAuthority, certificateAuthority));
        }

        private static String first(String preferred, String otherwise) {
            return preferred != null ? preferred : otherwise;
        }
    }

    /** A named context, as kubeconfig lists them. */
    record NamedContext(@JsonProperty("name") String name, @JsonProperty("context") Context context) {}

    /** The file's content. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Config(@JsonProperty("apiVersion") String apiVersion, @JsonProperty("kind") String kind,
                  @JsonProperty("current-context") String currentContext, @JsonProperty("contexts") List<NamedContext> contexts) {

        static final Config EMPTY = new Config("fedstream.io/v1alpha1", "Config", null, List.of());

        Config {
            contexts = contexts == null ? List.of() : List.copyOf(contexts);
        }

        Optional<Context> context(String name) {
            return contexts.stream().filter(c -> c.name().equals(name)).map(NamedContext::context).findFirst();
        }

        /** The current context's settings; none without a current context. */
        Context current() {
            return currentContext == null ? Context.NONE : context(currentContext).orElse(Context.NONE);
        }

        /** With {@code name}'s settings set (those given; the others kept). */
        Config withContext(String name, Context settings) {
            List<NamedContext> updated = new ArrayList<>();
            boolean found = false;
            for (NamedContext context : contexts) {
                if (context.name().equals(name)) {
                    updated.add(new NamedContext(name, context.context().with(settings)));
                    found = true;
                } else {
                    updated.add(context);
                }
            }
            if (!found) {
                updated.add(new NamedContext(name, settings));
            }
            return new Config(apiVersion, kind, currentContext, updated);
        }

        Config withCurrent(String name) {
            return new Config(apiVersion, kind, name, contexts);
        }
    }

    private ContextFile() {}

    /** Where the file is: {@code FEDSTREAM_CONFIG}, else {@code ~/.fedstream/config}. */
    static Path location(Map<String, String> env) {
        String given = env.get(LOCATION_VARIABLE);
        return given != null && !given.isEmpty() ? Path.of(given) : Path.of(System.getProperty("user.home"), ".fedstream", "config");
    }

    /** The file's content; empty when there is no file. A file that cannot be read is an error naming it. */
    static Config read(Path file) {
        try {
            Config config = YAML.readValue(Files.readString(file), Config.class);
            return config == null ? Config.EMPTY : config;
        } catch (NoSuchFileException e) {
            return Config.EMPTY;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the context file " + file + ": " + e.getMessage(), e);
        }
    }

    static void write(Path file, Config config) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Path written = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(written, text(config));
        try {
            Files.setPosixFilePermissions(written, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the user's profile directory already keeps it private.
        }
        Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    static String text(Config config) throws IOException {
        return YAML.writeValueAsString(config);
    }
}
