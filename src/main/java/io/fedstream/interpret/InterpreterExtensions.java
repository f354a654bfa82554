package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.kinds.TrainingRuntimes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an interpreter is told beyond its built-in kinds: InterpreterCustomizations and the Kubeflow
 * Trainer runtimes that TrainJobs reference, read from files or policy events. Immutable.
 */
public final class InterpreterExtensions {

    private static final Set<String> RUNTIME_KINDS = Set.of("TrainingRuntime", "ClusterTrainingRuntime");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ManifestParser PARSER = new ManifestParser();
    private static final InterpreterExtensions NONE = new InterpreterExtensions(List.of(), List.of());

    private final List<InterpreterCustomization> customizations;
    private final List<JsonNode> runtimes;

    private InterpreterExtensions(List<InterpreterCustomization> customizations, List<JsonNode> runtimes) {
        this.customizations = List.copyOf(customizations);
        this.runtimes = List.copyOf(runtimes);
    }

    /** Nothing beyond the built-in kinds. */
    public static InterpreterExtensions none() {
        return NONE;
    }

    /**
     * The customizations and runtimes in JSON or YAML bytes (several YAML documents allowed).
     *
     * @param source where the bytes came from, named in errors
     * @throws InvalidCustomizationException for the first refused document, naming source and field
     */
    public static InterpreterExtensions load(byte[] bytes, String source) {
        List<ManifestParser.Document> documents = PARSER.parse(bytes);
        List<InterpreterCustomization> customizations = new ArrayList<>();
        List<JsonNode> runtimes = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            String where = documents.size() == 1 ? source : source + " (document " + (i + 1) + ")";
            ManifestParser.Document document = documents.get(i);
            if (document.error() != null) {
                throw new InvalidCustomizationException(where, List.of(document.error()));
            }
            String kind = document.root().path("kind").asText("");
            if (InterpreterCustomization.KIND.equals(kind)) {
                customizations.addAll(InterpreterCustomization.load(json(document.root()), where));
            } else if (RUNTIME_KINDS.contains(kind)) {
                runtimes.add(document.root());
                checkRuntimes(runtimes, where);
            } else {
                throw new InvalidCustomizationException(where, List.of(new FieldError("kind", kind,
                        "expected InterpreterCustomization, TrainingRuntime or ClusterTrainingRuntime")));
            }
        }
        return checked(customizations, runtimes);
    }

    /** Every {@code *.yaml}, {@code *.yml} and {@code *.json} file of a directory, in name order. */
    public static InterpreterExtensions loadDirectory(Path dir) throws IOException {
        List<InterpreterCustomization> customizations = new ArrayList<>();
        List<JsonNode> runtimes = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : CustomizationLoader.readDirectory(dir).entrySet()) {
            InterpreterExtensions loaded = load(file.getValue(), file.getKey());
            customizations.addAll(loaded.customizations);
            runtimes.addAll(loaded.runtimes);
            checkRuntimes(runtimes, file.getKey());
        }
        return checked(customizations, runtimes);
    }

    /** Two customizations of one load with the same target or name are an error naming both. */
    private static InterpreterExtensions checked(List<InterpreterCustomization> customizations, List<JsonNode> runtimes) {
        Interpreter.builtIn().withCustomizations(customizations);
        return new InterpreterExtensions(customizations, runtimes);
    }

    /**
     * These extensions with {@code later} on top: a later customization replaces one with the same
     * target or name, a later runtime one with the same kind, namespace and name.
     */
    public InterpreterExtensions with(InterpreterExtensions later) {
        List<InterpreterCustomization> merged = new ArrayList<>();
        for (InterpreterCustomization earlier : customizations) {
            boolean replaced = later.customizations.stream()
                    .anyMatch(c -> c.target().equals(earlier.target()) || c.name().equals(earlier.name()));
            if (!replaced) {
                merged.add(earlier);
            }
        }
        merged.addAll(later.customizations);
        List<JsonNode> mergedRuntimes = new ArrayList<>();
        for (JsonNode earlier : runtimes) {
            if (later.runtimes.stream().noneMatch(r -> sameRuntime(r, earlier))) {
                mergedRuntimes.add(earlier);
            }
        }
        mergedRuntimes.addAll(later.runtimes);
        return new InterpreterExtensions(merged, mergedRuntimes);
    }

    /** The built-in kinds, the runtimes for TrainJobs, and the customizations on top. */
    public Interpreter interpreter() {
        return Interpreter.builtIn(TrainingRuntimes.of(runtimes)).withCustomizations(customizations);
    }

    public List<InterpreterCustomization> customizations() {
        return customizations;
    }

    public int runtimeCount() {
        return runtimes.size();
    }

    private static void checkRuntimes(List<JsonNode> runtimes, String where) {
        try {
            TrainingRuntimes.of(runtimes);
        } catch (IllegalArgumentException e) {
            throw new InvalidCustomizationException(where, List.of(new FieldError("manifest", null, e.getMessage())));
        }
    }

    private static boolean sameRuntime(JsonNode a, JsonNode b) {
        return a.path("kind").equals(b.path("kind"))
                && a.path("metadata").path("namespace").equals(b.path("metadata").path("namespace"))
                && a.path("metadata").path("name").equals(b.path("metadata").path("name"));
    }

    private static byte[] json(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException("a parsed manifest always serializes", e);
        }
    }
}
