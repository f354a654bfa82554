package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Interpretation.Outcome;
import io.fedstream.interpret.kinds.BuiltInKinds;
import io.fedstream.interpret.kinds.TrainingRuntimes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Interprets workload manifests into per-component resource requirements: parses the bytes,
 * checks apiVersion/kind/metadata, hands the manifest to the {@link KindInterpreter} of its
 * kind and sums the components exactly. Never throws for bad input: problems come back as an
 * INVALID interpretation. Immutable and thread-safe; {@link #withCustomizations} derives one
 * that also knows declarative customizations.
 */
public final class Interpreter {

    private final KindTable byKind;
    /** Consulted before {@link #byKind}, so a customization overrides a built-in kind. */
    private final Map<String, KindInterpreter> customized;
    private final ManifestParser parser;
    /** The ResourceInterpreterCustomizations' scripts for everything but a workload's pods. */
    private final LuaOperations lua;

    Interpreter(List<KindInterpreter> interpreters) {
        this.byKind = new KindTable(interpreters);
        this.customized = Map.of();
        this.parser = new ManifestParser();
        this.lua = LuaOperations.NONE;
    }

    private Interpreter(KindTable byKind, Map<String, KindInterpreter> customized, ManifestParser parser, LuaOperations lua) {
        this.byKind = byKind;
        this.customized = customized;
        this.parser = parser;
        this.lua = lua;
    }

    /** An interpreter for all built-in kinds. */
    public static Interpreter builtIn() {
        return new Interpreter(BuiltInKinds.all());
    }

    /** An interpreter for all built-in kinds that resolves TrainJobs against the given runtimes. */
    public static Interpreter builtIn(TrainingRuntimes runtimes) {
        return new Interpreter(BuiltInKinds.all(runtimes));
    }

    /** Interprets one document, JSON or YAML; more than one document is an error. */
    public Interpretation interpret(byte[] manifest) {
        return interpret(manifest, NamespaceWorkloads.NONE);
    }

    /**
     * Interprets one document knowing the other workloads of its namespace: a FlinkSessionJob is then charged the
     * TaskManagers it makes its native session cluster start ({@code docs/interpretation.md}).
     */
    public Interpretation interpret(byte[] manifest, NamespaceWorkloads namespace) {
        JsonNode skimmed = parser.skim(manifest);
        if (skimmed != null) {
            Interpretation fast = interpretSkimmed(skimmed, namespace);
            if (fast != null) {
                return fast;
            }
        }
        List<ManifestParser.Document> documents = parser.parse(manifest);
        if (documents.isEmpty()) {
            return refused(new FieldError("manifest", null, "is empty"));
        }
        if (documents.size() > 1 && documents.get(0).error() == null) {
            return refused(new FieldError("manifest", null,
                    "holds " + documents.size() + " documents where one was expected (interpretDocuments reads several)"));
        }
        return interpret(documents.get(0), namespace);
    }

    /**
     * The interpretation of a skimmed JSON tree when a built-in kind interprets it fully;
     * otherwise null, and the whole manifest is read again: customizations may read any field,
     * and problems must be reported with the values of the whole tree (a skimmed parent holds
     * fewer fields). Only an INTERPRETED result is kept, and it cannot depend on fields no
     * built-in kind reads; the namespace's other workloads ({@code namespace}) are read from
     * their own manifests, not from this tree.
     */
    private Interpretation interpretSkimmed(JsonNode skimmed, NamespaceWorkloads namespace) {
        JsonNode apiVersion = skimmed.get("apiVersion");
        JsonNode kind = skimmed.get("kind");
        if (apiVersion == null || kind == null || !apiVersion.isTextual() || !kind.isTextual()
                || !customized.isEmpty() && customized.containsKey(KindRef.of(apiVersion.textValue(), kind.textValue()).id())) {
            return null;
        }
        Interpretation result = interpret(new ManifestParser.Document(skimmed, null), namespace);
        return result.outcome() == Outcome.INTERPRETED ? result : null;
    }

    /** Interprets one document from the whole tree, never skimmed (the reference the skimmed path must agree with). */
    Interpretation interpretWhole(byte[] manifest) {
        List<ManifestParser.Document> documents = parser.parse(manifest);
        if (documents.isEmpty()) {
            return refused(new FieldError("manifest", null, "is empty"));
        }
        if (documents.size() > 1 && documents.get(0).error() == null) {
            return refused(new FieldError("manifest", null,
                    "holds " + documents.size() + " documents where one was expected (interpretDocuments reads several)"));
        }
        return interpret(documents.get(0), NamespaceWorkloads.NONE);
    }

    /** Interprets one document given as text. */
    public Interpretation interpret(String manifest) {
        return interpret(manifest.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Where each component's replica count is read in one manifest tree (component name to field path, e.g.
     * {@code spec.replicas}), so that a revised count can be written back; empty when no kind interprets the manifest or
     * it has problems.
     */
    public Map<String, String> replicasFields(JsonNode manifest) {
        Problems problems = new Problems();
        Cursor root = Cursor.root(manifest, problems);
        String apiVersion = root.field("apiVersion").string();
        String kind = root.field("kind").string();
        if (apiVersion == null || kind == null) {
            return Map.of();
        }
        KindInterpreter chosen = customized.get(KindRef.of(apiVersion, kind).id());
        KindTable.Entry builtIn = chosen == null ? byKind.get(apiVersion, kind) : null;
        if (builtIn != null) {
            chosen = builtIn.interpreter();
        }
        if (chosen == null) {
            return Map.of();
        }
        List<Component> components;
        try {
            components = chosen.components(root);
        } catch (RuntimeException e) {
            return Map.of();
        }
        if (!problems.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new java.util.LinkedHashMap<>();
        components.forEach(component -> out.put(component.name(), component.replicasField()));
        return out;
    }

    /** Interprets every document of a multi-document YAML (or one JSON document), each on its own. */
    public List<Interpretation> interpretDocuments(byte[] yamlOrJson) {
        List<Interpretation> out = new ArrayList<>();
        for (ManifestParser.Document document : parser.parse(yamlOrJson)) {
            out.add(interpret(document, NamespaceWorkloads.NONE));
        }
        return out;
    }

    /**
     * An interpreter with this one's built-in kinds and exactly the given customizations, which
     * replace any this one had: a customization for a built-in kind overrides it, others add
     * kinds. Costs O(number of customizations); built-ins are shared, not rebuilt.
     *
     * @throws InvalidCustomizationException when two customizations share a name or a target
     */
    public Interpreter withCustomizations(Collection<InterpreterCustomization> customizations) {
        return withCustomizations(customizations, List.of());
    }

    /**
     * As {@link #withCustomizations(Collection)}, with Karmada's ResourceInterpreterCustomizations too. As in Karmada's
     * interpreter chain (customizations before third-party and default interpreters), a ResourceInterpreterCustomization's
     * componentResource or replicaResource script says the pods of its kind in place of the built-in interpreter; its
     * other scripts answer {@link #interpretHealth}, {@link #aggregateStatus}, {@link #reviseReplica}, {@link #retain} and
     * {@link #dependencies}.
     *
     * @throws InvalidCustomizationException when customizations conflict ({@code docs/customizations.md})
     */
    public Interpreter withCustomizations(Collection<InterpreterCustomization> customizations, Collection<LuaCustomization> luaCustomizations) {
        Map<String, KindInterpreter> kinds = new java.util.HashMap<>(InterpreterCustomization.byKind(customizations));
        Customizations.check(customizations, luaCustomizations);
        for (LuaCustomization c : luaCustomizations) {
            if (c.countsPods()) {
                kinds.put(c.target().id(), new LuaKind(c, io.fedstream.interpret.lua.CallLimits.DEFAULT));
            }
        }
        return new Interpreter(byKind, Map.copyOf(kinds), parser,
                luaCustomizations.isEmpty() ? LuaOperations.NONE : new LuaOperations(luaCustomizations, io.fedstream.interpret.lua.CallLimits.DEFAULT));
    }

    /**
     * Whether a workload is healthy by its kind's healthInterpretation script (Karmada's {@code InterpretHealth});
     * empty when no script covers its kind.
     *
     * @throws io.fedstream.interpret.lua.LuaScriptException naming the customization when the script fails
     */
    public java.util.Optional<Boolean> interpretHealth(JsonNode observed) {
        return lua.interpretHealth(observed);
    }

    /**
     * The workload with its status aggregated from its clusters' status items ({@code clusterName}, {@code status},
     * {@code applied}, {@code health}) by its kind's statusAggregation script (Karmada's {@code AggregateStatus}); empty
     * when no script covers its kind.
     *
     * @throws io.fedstream.interpret.lua.LuaScriptException naming the customization when the script fails
     */
    public java.util.Optional<JsonNode> aggregateStatus(JsonNode desired, List<JsonNode> statusItems) {
        return lua.aggregateStatus(desired, statusItems);
    }

    /**
     * The workload revised to run {@code replicas} by its kind's replicaRevision script (Karmada's {@code ReviseReplica},
     * which the binding controller applies to each cluster's Work); empty when no script covers its kind.
     *
     * @throws io.fedstream.interpret.lua.LuaScriptException naming the customization when the script fails
     */
    public java.util.Optional<JsonNode> reviseReplica(JsonNode desired, long replicas) {
        return lua.reviseReplica(desired, replicas);
    }

    /**
     * The object to update a member cluster's copy with, keeping what the cluster owns of {@code observed} (the copy as the
     * cluster has it) by its kind's retention script (Karmada's {@code Retain}, which the object watcher applies before each
     * update); empty when no script covers its kind.
     *
     * @throws io.fedstream.interpret.lua.LuaScriptException naming the customization when the script fails
     */
    public java.util.Optional<JsonNode> retain(JsonNode desired, JsonNode observed) {
        return lua.retain(desired, observed);
    }

    /**
     * The objects a workload depends on by every dependencyInterpretation script of its kind (Karmada's
     * {@code GetDependencies}), merged and sorted; empty when no script covers its kind.
     *
     * @throws io.fedstream.interpret.lua.LuaScriptException naming the customization when a script fails or returns an
     *     invalid reference
     */
    public java.util.Optional<List<DependentObject>> dependencies(JsonNode desired) {
        return lua.dependencies(desired);
    }

    private Interpretation interpret(ManifestParser.Document document, NamespaceWorkloads others) {
        if (document.error() != null) {
            return refused(document.error());
        }
        JsonNode root = document.root();
        Problems problems = new Problems();
        Cursor manifest = Cursor.root(root, problems);
        if (!root.isObject()) {
            manifest.error("must be a mapping with apiVersion, kind and metadata");
            return Interpretation.invalid(new WorkloadId(null, null, null, null), Map.of(), null, problems.list());
        }
        String apiVersion = manifest.field("apiVersion").requiredString();
        String kind = manifest.field("kind").requiredString();
        Cursor metadata = manifest.field("metadata");
        String name = name(metadata);
        String namespace = metadata.field("namespace").string();
        WorkloadId id = WorkloadId.of(apiVersion, kind, namespace, name);
        Map<String, String> labels = labels(metadata.field("labels"));
        if (!problems.isEmpty()) {
            return Interpretation.invalid(id, labels, null, problems.list());
        }

        KindInterpreter kindInterpreter;
        String interpreterName;
        KindInterpreter custom = customized.isEmpty() ? null : customized.get(KindRef.of(apiVersion, kind).id());
        KindTable.Entry builtIn = custom == null ? byKind.get(apiVersion, kind) : null;
        if (custom != null) {
            kindInterpreter = custom;
            interpreterName = custom.name(KindRef.of(apiVersion, kind));
        } else if (builtIn != null) {
            kindInterpreter = builtIn.interpreter();
            interpreterName = builtIn.name();
        } else {
            return new Interpretation(Outcome.UNINTERPRETED, id, labels, null, null, List.of(), Resources.NONE, Resources.NONE,
                    List.of(new FieldError("kind", kind, "no interpreter for " + KindRef.of(apiVersion, kind).id())));
        }
        List<Component> components;
        try {
            components = kindInterpreter.components(manifest, others);
        } catch (RuntimeException e) {
            // A bug in one kind must not stop the stream; the manifest is reported, not counted.
            problems.add("manifest", null, "interpreter " + interpreterName + " failed: " + e);
            return Interpretation.invalid(id, labels, interpreterName, problems.list());
        }
        if (!problems.isEmpty()) {
            return Interpretation.invalid(id, labels, interpreterName, problems.list());
        }
        if (!problems.uninterpretable().isEmpty()) {
            return new Interpretation(Outcome.UNINTERPRETED, id, labels, null, interpreterName, List.of(), Resources.NONE,
                    Resources.NONE, problems.uninterpretable());
        }
        return summed(id, labels, interpreterName, components, problems.warnings());
    }

    private static Interpretation summed(WorkloadId id, Map<String, String> labels, String interpreterName, List<Component> components,
            List<FieldError> warnings) {
        List<ComponentRequirement> requirements = new ArrayList<>();
        Resources total = Resources.NONE;
        Resources totalLimits = Resources.NONE;
        String priorityClassName = null;
        for (Component c : components) {
            PodRequest pod = c.pod();
            String what = "request";
            try {
                Resources componentTotal = pod.resources().times(c.replicas());
                total = total.plus(componentTotal);
                what = "limit";
                Resources componentLimits = pod.limits().times(c.replicas());
                totalLimits = totalLimits.plus(componentLimits);
                requirements.add(new ComponentRequirement(c.name(), c.replicas(), c.minReplicas(), c.maxReplicas(),
                        pod.resources(), componentTotal, pod.limits(), componentLimits));
            } catch (ArithmeticException e) {
                return Interpretation.invalid(id, labels, interpreterName, List.of(new FieldError(
                        c.replicasField(), Long.toString(c.replicas()),
                        "component " + c.name() + ": replicas x per-pod " + what + " does not fit a 64-bit integer")));
            }
            if (priorityClassName == null) {
                priorityClassName = pod.priorityClassName();
            }
        }
        return new Interpretation(Outcome.INTERPRETED, id, labels, priorityClassName, interpreterName, requirements,
                total, totalLimits, List.of(), warnings);
    }

    private static String name(Cursor metadata) {
        if (!metadata.isPresent()) {
            metadata.error("is required");
            return null;
        }
        Cursor name = metadata.field("name");
        if (name.isPresent()) {
            return name.requiredString();
        }
        Cursor generateName = metadata.field("generateName");
        if (generateName.isPresent()) {
            return generateName.requiredString();
        }
        name.error("is required (or metadata.generateName)");
        return null;
    }

    /** The string labels, as the immutable map {@link Interpretation} keeps (so it is not copied again). */
    private static Map<String, String> labels(Cursor labels) {
        JsonNode node = labels.node();
        if (!node.isObject() || node.isEmpty()) {
            labels.entries(); // records the error of a non-mapping
            return Map.of();
        }
        List<Map.Entry<String, String>> out = new ArrayList<>(node.size());
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            // A text value needs no cursor; any other goes through one, which records its error.
            String text = field.getValue().isTextual() ? field.getValue().textValue() : labels.field(field.getKey()).string();
            if (text != null) {
                out.add(Map.entry(field.getKey(), text));
            }
        }
        @SuppressWarnings("unchecked")
        Map.Entry<String, String>[] entries = out.toArray(new Map.Entry[0]);
        return Map.ofEntries(entries);
    }

    private static Interpretation refused(FieldError error) {
        return Interpretation.invalid(new WorkloadId(null, null, null, null), Map.of(), null, List.of(error));
    }
}
