package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.InterpreterCustomization.ComponentRule;
import io.fedstream.interpret.InterpreterCustomization.PodSource;
import io.fedstream.interpret.InterpreterCustomization.Replicas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads and validates {@link InterpreterCustomization} documents. Strict inside {@code spec}
 * (an unknown field is more likely a typo than an extension), lenient in the object envelope
 * (metadata and status may carry whatever the API server added).
 */
final class CustomizationLoader {

    private static final ManifestParser PARSER = new ManifestParser();

    /** Kubernetes' DNS-1123 subdomain, as for any object name. */
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    /** Kubernetes' DNS-1123 label: component names end up in resource names and labels. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private static final List<String> TOP_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final List<String> SPEC_FIELDS = List.of("target", "components");
    private static final List<String> TARGET_FIELDS = List.of("apiVersion", "kind");
    private static final List<String> COMPONENT_FIELDS =
            List.of("name", "replicas", "podTemplate", "resources", "minReplicas", "maxReplicas");
    private static final List<String> REPLICAS_FIELDS = List.of("path", "default");
    private static final List<String> BOUND_FIELDS = List.of("path");

    private CustomizationLoader() {}

    static List<InterpreterCustomization> load(byte[] bytes, String source) {
        List<ManifestParser.Document> documents = PARSER.parse(bytes);
        List<InterpreterCustomization> out = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            String where = documents.size() == 1 ? source : source + " (document " + (i + 1) + ")";
            ManifestParser.Document document = documents.get(i);
            if (document.error() != null) {
                throw new InvalidCustomizationException("InterpreterCustomization in " + where, List.of(document.error()));
            }
            out.add(read(document.root(), where));
        }
        return out;
    }

    static List<InterpreterCustomization> loadDirectory(Path dir) throws IOException {
        List<InterpreterCustomization> out = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : readDirectory(dir).entrySet()) {
            out.addAll(load(file.getValue(), file.getKey()));
        }
        return out;
    }

    /** The bytes of every manifest file of a directory ({@link ManifestFiles}), by file name in name order. */
    static Map<String, byte[]> readDirectory(Path dir) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (Path file : ManifestFiles.in(dir)) {
            long size = Files.size(file);
            // Refused before reading: the parser would refuse it too, but only after holding it all in memory.
            if (size > ManifestParser.MAX_BYTES) {
                throw new InvalidCustomizationException("InterpreterCustomization in " + file, List.of(new FieldError(
                        "manifest", null, "is larger than 3 MiB (" + size + " bytes), the Kubernetes API server's limit")));
            }
            out.put(file.toString(), Files.readAllBytes(file));
        }
        return out;
    }


    private static InterpreterCustomization read(JsonNode root, String where) {
        Problems problems = new Problems();
        Cursor doc = Cursor.root(root, problems);
        if (!root.isObject()) {
            doc.error("must be a mapping with apiVersion, kind, metadata and spec");
            throw new InvalidCustomizationException("InterpreterCustomization in " + where, problems.list());
        }
        doc.onlyFields(TOP_FIELDS);
        doc.field("apiVersion").requireValue(InterpreterCustomization.API_VERSION);
        doc.field("kind").requireValue(InterpreterCustomization.KIND);
        Cursor nameAt = doc.at("metadata.name");
        String name = nameAt.requiredString();
        if (name != null && (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches())) {
            nameAt.error("must be a lower-case DNS subdomain (a-z, 0-9, '-' and '.', at most 253 characters)");
        }
        String context = "InterpreterCustomization " + (name == null ? "" : name + " ") + "in " + where;

        Cursor spec = doc.field("spec");
        if (!spec.isPresent()) {
            spec.error("is required");
            throw new InvalidCustomizationException(context, problems.list());
        }
        spec.onlyFields(SPEC_FIELDS);
        KindRef target = target(spec.field("target"));
        List<ComponentRule> components = components(spec.field("components"));
        if (!problems.isEmpty()) {
            throw new InvalidCustomizationException(context, problems.list());
        }
        return new InterpreterCustomization(name, target, components, where);
    }

    private static KindRef target(Cursor target) {
        if (!target.isPresent()) {
            target.error("is required ({apiVersion, kind} of the kind to interpret)");
            return null;
        }
        target.onlyFields(TARGET_FIELDS);
        String apiVersion = target.field("apiVersion").requiredString();
        String kind = target.field("kind").requiredString();
        return apiVersion == null || kind == null ? null : KindRef.of(apiVersion, kind);
    }

    private static List<ComponentRule> components(Cursor components) {
        if (!components.isPresent()) {
            components.error("is required (write [] for a kind that runs no pods of its own)");
            return List.of();
        }
        List<ComponentRule> out = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Cursor component : components.elements()) {
            ComponentRule rule = component(component);
            if (rule == null || rule.name() == null) {
                continue;
            }
            String earlier = seen.putIfAbsent(rule.name(), component.path());
            if (earlier != null) {
                component.field("name").error("is also the name of " + earlier + "; component names must be unique");
            }
            out.add(rule);
        }
        return out;
    }

    /** One component, or null when it is unusable (the reason is recorded). */
    private static ComponentRule component(Cursor component) {
        if (!component.node().isObject()) {
            component.error("must be a mapping with name, replicas and podTemplate or resources");
            return null;
        }
        component.onlyFields(COMPONENT_FIELDS);
        Cursor nameAt = component.field("name");
        String name = nameAt.requiredString();
        if (name != null && (name.length() > 63 || !DNS_LABEL.matcher(name).matches())) {
            nameAt.error("must be a lower-case DNS label (a-z, 0-9 and '-', starting and ending with a letter or digit,"
                    + " at most 63 characters)");
        }
        Replicas replicas = replicas(component.field("replicas"));

        Cursor podTemplate = component.field("podTemplate");
        Cursor resources = component.field("resources");
        PodSource podSource = null;
        CustomizationPath podPath = null;
        if (podTemplate.isPresent() && resources.isPresent()) {
            resources.error("cannot be given together with podTemplate: give exactly one");
        } else if (podTemplate.isPresent()) {
            podSource = PodSource.POD_TEMPLATE;
            podPath = path(podTemplate);
        } else if (resources.isPresent()) {
            podSource = PodSource.RESOURCES;
            podPath = path(resources);
        } else {
            component.error("needs podTemplate (path to a PodTemplateSpec) or resources (path to a ResourceRequirements)");
        }
        CustomizationPath min = bound(component.field("minReplicas"));
        CustomizationPath max = bound(component.field("maxReplicas"));
        return new ComponentRule(name, replicas, podSource, podPath, min, max);
    }

    private static Replicas replicas(Cursor replicas) {
        if (!replicas.isPresent()) {
            replicas.error("is required ({path, default}; either may be left out, not both)");
            return null;
        }
        if (!replicas.node().isObject()) {
            replicas.error("must be a mapping {path, default}");
            return null;
        }
        replicas.onlyFields(REPLICAS_FIELDS);
        Cursor pathAt = replicas.field("path");
        Cursor defaultAt = replicas.field("default");
        if (!pathAt.isPresent() && !defaultAt.isPresent()) {
            replicas.error("needs a path, a default or both");
            return null;
        }
        CustomizationPath path = pathAt.isPresent() ? path(pathAt) : null;
        Long defaultValue = defaultAt.optionalCount();
        return new Replicas(path, defaultValue);
    }

    private static CustomizationPath bound(Cursor bound) {
        if (!bound.isPresent()) {
            return null;
        }
        if (!bound.node().isObject()) {
            bound.error("must be a mapping {path}");
            return null;
        }
        bound.onlyFields(BOUND_FIELDS);
        Cursor pathAt = bound.field("path");
        if (!pathAt.isPresent()) {
            pathAt.error("is required");
            return null;
        }
        return path(pathAt);
    }

    private static CustomizationPath path(Cursor at) {
        String text = at.requiredString();
        if (text == null) {
            return null;
        }
        try {
            return CustomizationPath.parse(text);
        } catch (IllegalArgumentException e) {
            at.error(e.getMessage());
            return null;
        }
    }
}
