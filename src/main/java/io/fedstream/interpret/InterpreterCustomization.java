package io.fedstream.interpret;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A declarative interpreter for one kind ({@code fedstream.io/v1alpha1 InterpreterCustomization}):
 * which components a manifest of the target kind has, and at which paths their replica counts
 * and pod templates (or plain resource requirements) are. Immutable; only built by loading, which
 * validates everything, so a customization that exists is a usable one. Format:
 * {@code docs/customizations.md}.
 */
public final class InterpreterCustomization {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String KIND = "InterpreterCustomization";

    /** Where a component's per-pod request comes from. */
    public enum PodSource {
        /** A PodTemplateSpec (metadata + spec), like a Deployment's {@code spec.template}; its {@code spec} is used. */
        POD_TEMPLATE,
        /** A plain ResourceRequirements: per resource its request, else its limit. */
        RESOURCES
    }

    /** The replica count: read at {@code path} (nullable), else {@code defaultValue} (nullable); never both null. */
    public record Replicas(CustomizationPath path, Long defaultValue) {}

    /** One component: its name, replicas, per-pod source and optional bounds (nullable paths). */
    public record ComponentRule(
            String name,
            Replicas replicas,
            PodSource podSource,
            CustomizationPath podPath,
            CustomizationPath minReplicasPath,
            CustomizationPath maxReplicasPath) {}

    private final String name;
    private final KindRef target;
    private final List<ComponentRule> components;
    private final String source;
    private final KindInterpreter interpreter;

    InterpreterCustomization(String name, KindRef target, List<ComponentRule> components, String source) {
        this.name = Objects.requireNonNull(name);
        this.target = Objects.requireNonNull(target);
        this.components = List.copyOf(components);
        this.source = Objects.requireNonNull(source);
        this.interpreter = new CustomizationKind(this);
    }

    /**
     * The customizations in JSON or YAML bytes (a multi-document YAML gives several; empty
     * documents none), read with the manifest parser's limits (3 MiB, duplicate keys, YAML
     * aliases, nesting).
     *
     * @param source where the bytes came from (a file name, a topic and offset), named in errors
     * @throws InvalidCustomizationException for the first document that is refused, with all its
     *     errors, or when two documents share a name or a target
     */
    public static List<InterpreterCustomization> load(byte[] bytes, String source) {
        List<InterpreterCustomization> loaded = CustomizationLoader.load(bytes, source);
        checkDistinct(loaded);
        return loaded;
    }

    /**
     * The customizations of every {@code *.yaml}, {@code *.yml} and {@code *.json} file directly
     * in a directory, in file-name order. Names starting with '.' are skipped, which also skips
     * the {@code ..data} links of a mounted ConfigMap.
     *
     * @throws InvalidCustomizationException naming the file, for the first refused document, or
     *     when two customizations share a name or a target
     * @throws IOException when the directory or a file cannot be read
     */
    public static List<InterpreterCustomization> loadDirectory(Path dir) throws IOException {
        List<InterpreterCustomization> loaded = CustomizationLoader.loadDirectory(dir);
        checkDistinct(loaded);
        return loaded;
    }

    /** {@code metadata.name}, reported as {@code customization:<name>} in interpretations. */
    public String name() {
        return name;
    }

    /** The apiVersion and kind this customization interprets. */
    public KindRef target() {
        return target;
    }

    /** The components, in the order they are reported. */
    public List<ComponentRule> components() {
        return components;
    }

    /** Where it was loaded from, e.g. {@code customizations/trainer.yaml} or {@code trainer.yaml (document 2)}. */
    public String source() {
        return source;
    }

    KindInterpreter interpreter() {
        return interpreter;
    }

    @Override
    public String toString() {
        return "InterpreterCustomization " + name + " for " + target.id() + " (" + source + ")";
    }

    /**
     * The interpreters of the given customizations by kind id.
     *
     * @throws InvalidCustomizationException when two customizations share a name or a target
     */
    static Map<String, KindInterpreter> byKind(Collection<InterpreterCustomization> customizations) {
        checkDistinct(customizations);
        Map<String, KindInterpreter> out = new HashMap<>();
        for (InterpreterCustomization c : customizations) {
            out.put(c.target.id(), c.interpreter);
        }
        return Map.copyOf(out);
    }

    private static void checkDistinct(Collection<InterpreterCustomization> customizations) {
        Map<String, InterpreterCustomization> byName = new HashMap<>();
        Map<String, InterpreterCustomization> byTarget = new HashMap<>();
        Problems problems = new Problems();
        for (InterpreterCustomization c : customizations) {
            InterpreterCustomization sameName = byName.putIfAbsent(c.name, c);
            if (sameName != null) {
                problems.add("metadata.name", c.name,
                        "is the name of two customizations, from " + sameName.source + " and from " + c.source);
            }
            InterpreterCustomization sameTarget = byTarget.putIfAbsent(c.target.id(), c);
            if (sameTarget != null) {
                problems.add("spec.target", c.target.id(), "is the target of both customization " + sameTarget.name
                        + " (" + sameTarget.source + ") and customization " + c.name + " (" + c.source + ")");
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidCustomizationException("conflicting InterpreterCustomizations", problems.list());
        }
    }
}
