package io.fedstream.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.admit.ParsedQuota;
import io.fedstream.admit.QuotaParser;
import io.fedstream.avro.Op;
import io.fedstream.bind.NeverPropagated;
import io.fedstream.health.ClusterManifest;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.decide.PropagationPolicies;
import io.fedstream.override.OverridePolicyParser;
import io.fedstream.override.ParsedOverridePolicy;
import io.fedstream.place.PropagationPolicyParser;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides, for every document, the topic and key that {@code apply} and {@code delete} publish it with, and
 * refuses the whole set when any document is bad, so that nothing is half-published.
 */
final class ManifestRouter {

    /** Kinds that go to the policies topic, keyed {@code kind/namespace/name}. */
    static final Set<String> POLICY_KINDS = Set.of(
            "FederatedResourceQuota", "PropagationPolicy", "ClusterPropagationPolicy", "OverridePolicy",
            "ClusterOverridePolicy", "InterpreterCustomization", "ResourceInterpreterCustomization", "TrainingRuntime",
            "ClusterTrainingRuntime", "PriorityClass");
    /** Policy kinds without a namespace: their key has an empty namespace, e.g. {@code InterpreterCustomization//x}. */
    static final Set<String> CLUSTER_SCOPED_POLICY_KINDS = Set.of(
            "ClusterPropagationPolicy", "ClusterOverridePolicy", "InterpreterCustomization", "ResourceInterpreterCustomization",
            "ClusterTrainingRuntime", "PriorityClass");
    /** Policy kinds placement and failover read. */
    private static final Set<String> PROPAGATION_KINDS =
            Set.of(PropagationPolicyParser.NAMESPACED_KIND, PropagationPolicyParser.CLUSTER_KIND);
    private static final Set<String> OVERRIDE_KINDS = Set.of(OverridePolicyParser.NAMESPACED_KIND, OverridePolicyParser.CLUSTER_KIND);
    /** Policy kinds the interpreter reads, checked here as the bind stage would check them, in the order it applies them. */
    static final List<String> INTERPRETER_KINDS =
            List.of("InterpreterCustomization", "ResourceInterpreterCustomization", "TrainingRuntime", "ClusterTrainingRuntime");

    private static final String CRD_GROUP = "apiextensions.k8s.io";
    private static final String CRD_KIND = "CustomResourceDefinition";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ManifestParser parser = new ManifestParser();

    /** What {@code apply} and {@code delete} send, and what the user should know about it before it is sent. */
    record Plan(List<PlannedEvent> events, List<String> warnings) {
    }

    /** A routed document and where it came from ({@code <file> document <n>}). */
    private record Routed(String where, PlannedEvent event) {
    }

    /** Every document of every source, in order; throws listing every bad document when there is one. */
    List<PlannedEvent> plan(List<ManifestSource> sources, Op op) throws BadManifestsException {
        List<String> problems = new ArrayList<>();
        List<Routed> routed = route(sources, op, problems);
        if (!problems.isEmpty()) {
            throw new BadManifestsException(problems);
        }
        return routed.stream().map(Routed::event).toList();
    }

    /**
     * As {@link #plan(List, Op)}, and an UPSERT also interprets every workload as the bind stage will, with the
     * configured extensions plus the InterpreterCustomizations and Trainer runtimes of the same set: an INVALID workload
     * refuses the whole set, an UNINTERPRETED one (a kind no interpreter knows here) goes with a warning.
     */
    Plan plan(List<ManifestSource> sources, Op op, InterpreterExtensions configured) throws BadManifestsException {
        List<String> problems = new ArrayList<>();
        List<Routed> routed = route(sources, op, problems);
        List<String> warnings = new ArrayList<>();
        if (op == Op.UPSERT) {
            routed = withoutClusterScoped(routed, warnings);
            Interpreter interpreter = interpreterFor(routed, configured);
            for (Routed document : routed) {
                if (document.event().destination() == PlannedEvent.Destination.WORKLOADS) {
                    Interpretation result = interpreter.interpret(document.event().manifestJson());
                    List<String> messages = result.errors().stream().map(e -> document.where() + ": " + e.message()).toList();
                    switch (result.outcome()) {
                        case INVALID -> problems.addAll(messages);
                        case UNINTERPRETED -> warnings.addAll(messages.stream().map(m -> m + "; published anyway: it is neither"
                                + " admitted nor placed until an InterpreterCustomization on fedstream.policies declares its kind"
                                + " (components: [] declares a kind that runs no pods)").toList());
                        case INTERPRETED -> { }
                    }
                }
                warnings.addAll(quotaNotes(document));
            }
        }
        if (!problems.isEmpty()) {
            throw new BadManifestsException(problems);
        }
        return new Plan(routed.stream().map(Routed::event).toList(), warnings);
    }

    /**
     * The documents but the cluster-scoped ones fedstream does not propagate, each of which leaves a warning saying why it
     * stays: those a member cluster makes for itself, and the custom resources of a CustomResourceDefinition of the same
     * set that declares {@code scope: Cluster}.
     */
    private static List<Routed> withoutClusterScoped(List<Routed> routed, List<String> warnings) {
        Map<String, String> clusterScopedCustomKinds = clusterScopedCustomKinds(routed);
        List<Routed> kept = new ArrayList<>();
        for (Routed document : routed) {
            PlannedEvent event = document.event();
            String[] key = event.key().split("/", 4);
            Optional<String> why = event.destination() != PlannedEvent.Destination.WORKLOADS ? Optional.empty()
                    : NeverPropagated.clusterScoped(key[0], key[1]).or(() -> Optional.ofNullable(
                            clusterScopedCustomKinds.get(key[0] + "/" + key[1]))
                            .map(crd -> NeverPropagated.customClusterScoped(key[0], key[1], crd)));
            why.ifPresentOrElse(reason -> warnings.add(document.where() + ": kind: " + reason + "; not published"),
                    () -> kept.add(document));
        }
        return kept;
    }

    /** {@code group/kind} to the name of the set's CustomResourceDefinition that declares the kind cluster-scoped. */
    private static Map<String, String> clusterScopedCustomKinds(List<Routed> routed) {
        Map<String, String> kinds = new HashMap<>();
        for (Routed document : routed) {
            PlannedEvent event = document.event();
            if (event.destination() == PlannedEvent.Destination.WORKLOADS
                    && event.key().startsWith(CRD_GROUP + "/" + CRD_KIND + "/")) {
                JsonNode spec = readTree(event.manifestJson()).path("spec");
                if ("Cluster".equals(spec.path("scope").asText())) {
                    kinds.put(spec.path("group").asText() + "/" + spec.path("names").path("kind").asText(),
                            event.key().substring(event.key().lastIndexOf('/') + 1));
                }
            }
        }
        return kinds;
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a routed manifest is JSON this class wrote", e);
        }
    }

    private List<Routed> route(List<ManifestSource> sources, Op op, List<String> problems) {
        List<Routed> routed = new ArrayList<>();
        for (ManifestSource source : sources) {
            List<ManifestParser.Document> documents = parser.parse(source.bytes());
            if (documents.isEmpty()) {
                problems.add(source.name() + ": no documents");
            }
            for (int i = 0; i < documents.size(); i++) {
                String where = source.name() + " document " + (i + 1);
                ManifestParser.Document document = documents.get(i);
                try {
                    if (document.error() != null) {
                        throw new Refused(document.error().message());
                    }
                    routed.add(new Routed(where, route(document.root(), op, where)));
                } catch (Refused e) {
                    problems.add(where + ": " + e.getMessage());
                }
            }
        }
        return routed;
    }

    /** The configured extensions with the set's own on top, as the policies topic will hold them once published. */
    private static Interpreter interpreterFor(List<Routed> routed, InterpreterExtensions configured) {
        InterpreterExtensions extensions = configured;
        for (Routed document : routed) {
            PlannedEvent event = document.event();
            if (event.destination() == PlannedEvent.Destination.POLICIES
                    && INTERPRETER_KINDS.contains(event.key().substring(0, event.key().indexOf('/')))) {
                extensions = extensions.with(InterpreterExtensions.load(event.manifestJson().getBytes(StandardCharsets.UTF_8),
                        document.where()));
            }
        }
        return extensions.interpreter();
    }

    private static PlannedEvent route(JsonNode root, Op op, String where) throws Refused {
        if (!root.isObject()) {
            throw new Refused("must be a mapping with apiVersion, kind and metadata");
        }
        String apiVersion = requiredString(root, "apiVersion", "apiVersion");
        String kind = requiredString(root, "kind", "kind");
        JsonNode metadata = root.path("metadata");
        if (!metadata.isObject()) {
            throw new Refused(metadata.isMissingNode() ? "metadata.name: is required" : "metadata: must be a mapping");
        }
        String name = requiredString(metadata, "name", "metadata.name");
        String namespace = optionalString(metadata, "namespace", "metadata.namespace");
        String group = group(apiVersion);
        String manifest = json(root);
        String displayName = kind.toLowerCase(Locale.ROOT) + ("core".equals(group) ? "" : "." + group) + "/" + name;

        if (ClusterManifest.GROUP.equals(group) && ClusterManifest.KIND.equals(kind)) {
            return cluster(root, op, name, displayName, manifest);
        }
        if (op == Op.UPSERT && !POLICY_KINDS.contains(kind)) {
            // A delete still goes: it takes back what an earlier fedstream published as a workload.
            Optional<String> skipped = NeverPropagated.skippedApi(group, apiVersion, kind);
            if (skipped.isPresent()) {
                throw new Refused("kind: " + skipped.get());
            }
        }
        if (POLICY_KINDS.contains(kind)) {
            if (op == Op.UPSERT && INTERPRETER_KINDS.contains(kind)) {
                checkExtension(manifest, where);
            }
            if (op == Op.UPSERT && QuotaParser.KIND.equals(kind)) {
                checkQuota(root, orDefault(namespace));
            }
            if (op == Op.UPSERT && PROPAGATION_KINDS.contains(kind)) {
                checkPropagationPolicy(root, CLUSTER_SCOPED_POLICY_KINDS.contains(kind) ? null : orDefault(namespace));
            }
            if (op == Op.UPSERT && OVERRIDE_KINDS.contains(kind)) {
                checkOverridePolicy(root, CLUSTER_SCOPED_POLICY_KINDS.contains(kind) ? null : orDefault(namespace));
            }
            String policyNamespace = CLUSTER_SCOPED_POLICY_KINDS.contains(kind) ? "" : orDefault(namespace);
            return new PlannedEvent(PlannedEvent.Destination.POLICIES, kind + "/" + policyNamespace + "/" + name, displayName, manifest);
        }
        // A cluster-scoped kind's object has the empty namespace, as the engine's interpreter keys it.
        String key = WorkloadId.of(apiVersion, kind, namespace, name).key();
        return new PlannedEvent(PlannedEvent.Destination.WORKLOADS, key, displayName, manifest);
    }

    /**
     * A Karmada Cluster is a heartbeat on the cluster-health topic, keyed by its name. A heartbeat cannot be taken
     * back, and fedstream forgets no cluster on request (it may still hold workloads), so delete is refused.
     */
    private static PlannedEvent cluster(JsonNode root, Op op, String name, String displayName, String manifest) throws Refused {
        if (op == Op.DELETE) {
            throw new Refused("kind: Cluster cannot be deleted: a cluster leaves by its heartbeats; apply it with a NoExecute"
                    + " taint to fail it over (its workloads leave when their clusterTolerations end), or stop its heartbeats (SUSPECT, then FAILED after the toleration)");
        }
        try {
            ClusterManifest.heartbeat(root, Instant.EPOCH, null);
        } catch (ClusterManifest.InvalidClusterException e) {
            throw new Refused(e.getMessage());
        }
        return new PlannedEvent(PlannedEvent.Destination.CLUSTER_HEALTH, name, displayName, manifest);
    }

    /** The group of {@code group/version}, "core" for a bare version, as {@link WorkloadId#group()} says. */
    private static String group(String apiVersion) throws Refused {
        String[] parts = apiVersion.split("/", -1);
        if (parts.length > 2 || parts[0].isEmpty() || parts[parts.length - 1].isEmpty()) {
            throw new Refused("apiVersion: must be VERSION or GROUP/VERSION (value: " + apiVersion + ")");
        }
        return new WorkloadId(apiVersion, null, null, null).group();
    }

    private static void checkExtension(String manifest, String where) throws Refused {
        try {
            InterpreterExtensions.load(manifest.getBytes(StandardCharsets.UTF_8), where);
        } catch (InvalidCustomizationException e) {
            throw new Refused(e.errors().stream().map(FieldError::message).collect(Collectors.joining("; ")));
        }
    }

    /** The admit stage would refuse this quota (and keep the previous version in force): refuse it here, before publishing. */
    private static void checkQuota(JsonNode root, String namespace) throws Refused {
        ParsedQuota parsed = new QuotaParser().read(root, namespace);
        if (!parsed.isValid()) {
            throw new Refused(parsed.errors().stream().map(FieldError::message).collect(Collectors.joining("; ")));
        }
    }

    /** How the admit stage will read an accepted quota where it is spelled otherwise than in Karmada (the seed's spec.hard). */
    private static List<String> quotaNotes(Routed document) {
        if (document.event().destination() != PlannedEvent.Destination.POLICIES
                || !document.event().key().startsWith(QuotaParser.KIND + "/")) {
            return List.of();
        }
        String key = document.event().key();
        String namespace = key.substring(key.indexOf('/') + 1, key.lastIndexOf('/'));
        ParsedQuota parsed = new QuotaParser().parse(document.event().manifestJson().getBytes(StandardCharsets.UTF_8), namespace);
        return parsed.notes().stream().map(note -> document.where() + ": " + note.message()).toList();
    }

    /** The place and fail-over stages would let this policy govern nothing: refuse it here, before publishing. */
    private static void checkPropagationPolicy(JsonNode root, String namespace) throws Refused {
        List<FieldError> problems = PropagationPolicies.problems(new PropagationPolicyParser().read(root, namespace));
        if (!problems.isEmpty()) {
            throw new Refused(problems.stream().map(FieldError::message).collect(Collectors.joining("; ")));
        }
    }

    /** The bind stage would let this override policy override nothing: refuse it here, before publishing. */
    private static void checkOverridePolicy(JsonNode root, String namespace) throws Refused {
        ParsedOverridePolicy parsed = new OverridePolicyParser().read(root, namespace);
        if (!parsed.isValid()) {
            throw new Refused(parsed.errors().stream().map(FieldError::message).collect(Collectors.joining("; ")));
        }
    }

    private static String requiredString(JsonNode parent, String field, String path) throws Refused {
        String value = optionalString(parent, field, path);
        if (value == null || value.isEmpty()) {
            throw new Refused(path + ": is required");
        }
        return value;
    }

    /** A key part: a string without '/', which would make the topic key ambiguous. */
    private static String optionalString(JsonNode parent, String field, String path) throws Refused {
        JsonNode node = parent.path(field);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new Refused(path + ": must be a string (value: " + node + ")");
        }
        String value = node.asText();
        if (!path.equals("apiVersion") && value.contains("/")) {
            throw new Refused(path + ": must not contain '/' (value: " + value + ")");
        }
        return value;
    }

    private static String orDefault(String namespace) {
        return namespace == null || namespace.isEmpty() ? "default" : namespace;
    }

    private static String json(JsonNode root) {
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed manifest must print as JSON", e);
        }
    }

    /** One document's reason for refusal. */
    private static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }
}
