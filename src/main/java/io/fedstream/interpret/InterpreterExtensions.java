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
 * What an interpreter is told beyond its built-in kinds: InterpreterCustomizations, Karmada's
 * ResourceInterpreterCustomizations and the Kubeflow Trainer runtimes that TrainJobs reference, read from files or
 * policy events. Immutable.
 */
public final class InterpreterExtensions {

    /**
     * The policy kinds on {@code fedstream.policies} that change interpretation, in the order they are applied (later
     * ones on top); their policy keys start with the kind.
     */
    public static final List<String> POLICY_KINDS =
            List.of("InterpreterCustomization", "ResourceInterpreterCustomization", "TrainingRuntime", "ClusterTrainingRuntime");

    private static final Set<String> RUNTIME_KINDS = Set.of("TrainingRuntime", "ClusterTrainingRuntime");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ManifestParser PARSER = new ManifestParser();
    private static final InterpreterExtensions NONE = new InterpreterExtensions(List.of(), List.of(), List.of());

    private final List<InterpreterCustomization> customizations;
    private final List<LuaCustomization> luaCustomizations;
    private final List<JsonNode> runtimes;

    private InterpreterExtensions(List<InterpreterCustomization> customizations, List<LuaCustomization> luaCustomizations,
            List<JsonNode> runtimes) {
        this.customizations = List.copyOf(customizations);
        this.luaCustomizations = List.copyOf(luaCustomizations);
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
        List<LuaCustomization> luaCustomizations = new ArrayList<>();
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
            } else if (LuaCustomization.KIND.equals(kind)) {
                luaCustomizations.add(LuaCustomizationLoader.read(document.root(), where));
            } else if (RUNTIME_KINDS.contains(kind)) {
                runtimes.add(document.root());
                checkRuntimes(runtimes, where);
            } else {
                throw new InvalidCustomizationException(where, List.of(new FieldError("kind", kind,
                        "expected InterpreterCustomization, ResourceInterpreterCustomization, TrainingRuntime or ClusterTrainingRuntime")));
            }
        }
        return checked(customizations, luaCustomizations, runtimes);
    }

    /** Every {@code *.yaml}, {@code *.yml} and {@code *.json} file of a directory, in name order. */
    public static InterpreterExtensions loadDirectory(Path dir) throws IOException {
        List<InterpreterCustomization> customizations = new ArrayList<>();
        List<LuaCustomization> luaCustomizations = new ArrayList<>();
        List<JsonNode> runtimes = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : CustomizationLoader.readDirectory(dir).entrySet()) {
            InterpreterExtensions loaded = load(file.getValue(), file.getKey());
            customizations.addAll(loaded.customizations);
            luaCustomizations.addAll(loaded.luaCustomizations);
            runtimes.addAll(loaded.runtimes);
            checkRuntimes(runtimes, file.getKey());
        }
        return checked(customizations, luaCustomizations, runtimes);
    }

    /** Customizations of one load that conflict (same name or target, or Karmada's conflicting operations) are an error naming both. */
    private static InterpreterExtensions checked(List<InterpreterCustomization> customizations,
            List<LuaCustomization> luaCustomizations, List<JsonNode> runtimes) {
        Interpreter.builtIn().withCustomizations(customizations, luaCustomizations);
        return new InterpreterExtensions(customizations, luaCustomizations, runtimes);
    }

    /**
     * These extensions with {@code later} on top: a later customization replaces one with the same
     * target or name, a later ResourceInterpreterCustomization one with the same name or a script for the same target
     * and operation, either kind replaces one of the other kind that says the pods of the same target, and a later
     * runtime replaces one with the same kind, namespace and name.
     */
    public InterpreterExtensions with(InterpreterExtensions later) {
        List<InterpreterCustomization> merged = new ArrayList<>();
        for (InterpreterCustomization earlier : customizations) {
            boolean replaced = later.customizations.stream()
                    .anyMatch(c -> c.target().equals(earlier.target()) || c.name().equals(earlier.name()))
                    || later.luaCustomizations.stream().anyMatch(c -> Customizations.replaces(c, earlier));
            if (!replaced) {
                merged.add(earlier);
            }
        }
        merged.addAll(later.customizations);
        List<LuaCustomization> mergedLua = new ArrayList<>();
        for (LuaCustomization earlier : luaCustomizations) {
            boolean replaced = later.luaCustomizations.stream().anyMatch(c -> Customizations.replaces(c, earlier))
                    || later.customizations.stream().anyMatch(c -> Customizations.replaces(c, earlier));
            if (!replaced) {
                mergedLua.add(earlier);
            }
        }
        mergedLua.addAll(later.luaCustomizations);
        List<JsonNode> mergedRuntimes = new ArrayList<>();
        for (JsonNode earlier : runtimes) {
            if (later.runtimes.stream().noneMatch(r -> sameRuntime(r, earlier))) {
                mergedRuntimes.add(earlier);
            }
        }
        mergedRuntimes.addAll(later.runtimes);
        return new InterpreterExtensions(merged, mergedLua, mergedRuntimes);
    }

    /** The built-in kinds, the runtimes for TrainJobs, and the customizations on top. */
    public Interpreter interpreter() {
        return Interpreter.builtIn(TrainingRuntimes.of(runtimes)).withCustomizations(customizations, luaCustomizations);
    }

    public List<InterpreterCustomization> customizations() {
        return customizations;
    }

    /** Karmada's ResourceInterpreterCustomizations, in load order. */
    public List<LuaCustomization> luaCustomizations() {
        return luaCustomizations;
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
