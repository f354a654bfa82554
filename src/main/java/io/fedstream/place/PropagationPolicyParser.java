package io.fedstream.place;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Problems;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads PropagationPolicy and ClusterPropagationPolicy manifests strictly, with Karmada's field
 * names, defaults and webhook rules ({@code pkg/apis/policy/v1alpha1/propagation_types.go}): an
 * unknown field, a field fedstream cannot honour, or a bad value refuses the whole policy, and
 * every problem is reported at once, each naming its field and value.
 */
public final class PropagationPolicyParser {

    public static final String API_VERSION = "policy.karmada.io/v1alpha1";
    public static final String NAMESPACED_KIND = "PropagationPolicy";
    public static final String CLUSTER_KIND = "ClusterPropagationPolicy";

    static final long DEFAULT_TOLERATION_SECONDS = 300;
    static final long DEFAULT_GRACE_PERIOD_SECONDS = 600;
    /** Karmada's kubebuilder limit on affinityName. */
    private static final int MAX_AFFINITY_NAME_LENGTH = 32;

    private static final List<String> TOP_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
    /** Karmada spec fields that do not bear on placement or failover; accepted and not used. */
    private static final List<String> IGNORED_SPEC_FIELDS = List.of(
            "propagateDeps", "preemption", "dependentOverrides", "schedulerName", "conflictResolution",
            "suspension", "preserveResourcesOnDeletion", "schedulePriority");
    private static final List<String> SPEC_FIELDS = Stream.concat(
            Stream.of("resourceSelectors", "placement", "priority", "failover", "activationPreference", "association"),
            IGNORED_SPEC_FIELDS.stream()).toList();
    /** Placement fields of Karmada releases after v1.15, which its user guide already shows, and where they came. */
    private static final Map<String, String> LATER_KARMADA_FIELDS = Map.of(
            "workloadAffinity", "Karmada v1.17 added it",
            "overflowAffinities", "Karmada added it after v1.18");
    /** Karmada's deprecated names of the application purgeModes Directly and Gracefully, still served by v1.15. */
    private static final String DEPRECATED_IMMEDIATELY = "Immediately";
    private static final String DEPRECATED_GRACIOUSLY = "Graciously";
    /** Karmada's one {@code activationPreference} (its CRD's enum). */
    private static final String LAZY = "Lazy";
    private static final List<String> SELECTOR_FIELDS = List.of("apiVersion", "kind", "namespace", "name", "labelSelector");
    private static final List<String> LABEL_SELECTOR_FIELDS = List.of("matchLabels", "matchExpressions");
    private static final List<String> REQUIREMENT_FIELDS = List.of("key", "operator", "values");
    private static final List<String> PLACEMENT_FIELDS =
            List.of("clusterAffinity", "clusterAffinities", "clusterTolerations", "spreadConstraints", "replicaScheduling");
    static final List<String> AFFINITY_FIELDS = List.of("clusterNames", "exclude", "labelSelector", "fieldSelector");
    private static final List<String> AFFINITY_TERM_FIELDS = Stream.concat(Stream.of("affinityName"), AFFINITY_FIELDS.stream()).toList();
    private static final List<String> TOLERATION_FIELDS = List.of("key", "operator", "value", "effect", "tolerationSeconds");
    /** {@code enable} and {@code checkpointStorage} are the seed's spelling, beside Karmada's two behaviours. */
    private static final List<String> FAILOVER_FIELDS = List.of("application", "cluster", "enable", "checkpointStorage");
    private static final List<String> CLUSTER_FAILOVER_FIELDS = List.of("purgeMode", "statePreservation");
    private static final List<String> APPLICATION_FIELDS = List.of(
            "decisionConditions", "purgeMode", "gracePeriodSeconds", "statePreservation", "preConditions", "blockPredecessorSeconds",
            "checkpointStorage");
    private static final List<String> DECISION_FIELDS = List.of("tolerationSeconds");
    private static final List<String> PRESERVATION_FIELDS = List.of("rules");
    private static final List<String> RULE_FIELDS = List.of("aliasLabelName", "jsonPath");

    private final ManifestParser parser = new ManifestParser();

    /**
     * Parses one manifest (YAML or JSON). A PropagationPolicy's namespace comes from
     * {@code metadata.namespace}, or from {@code namespace} (the policy key's) when the manifest
     * leaves it out; when both are given they must agree. {@code namespace} may be null.
     */
    public ParsedPolicy parse(byte[] manifest, String namespace) {
        PolicyFields.Document document = PolicyFields.Document.of(parser, manifest);
        return document.root() == null ? new ParsedPolicy(null, document.errors()) : read(document.root(), namespace);
    }

    /** Validates an already parsed manifest tree; see {@link #parse(byte[], String)}. */
    public ParsedPolicy read(JsonNode root, String namespace) {
        Problems problems = new Problems();
        Cursor doc = Cursor.root(root, problems);
        if (!doc.node().isObject()) {
            doc.error("must be a mapping with apiVersion, kind, metadata and spec");
            return new ParsedPolicy(null, problems.list());
        }
        onlyKnownFields(doc, TOP_FIELDS);
        doc.field("apiVersion").requireValue(API_VERSION);
        PropagationPolicy.Scope scope = PolicyFields.scope(doc.field("kind"), NAMESPACED_KIND, CLUSTER_KIND);
        String name = PolicyFields.name(doc.at("metadata.name"));
        String ns = scope == null ? null : namespace(doc.at("metadata.namespace"), namespace, scope);

        Cursor spec = doc.field("spec");
        List<ResourceSelector> selectors = List.of();
        PropagationPolicy.Placement placement = PropagationPolicy.Placement.ANYWHERE;
        PropagationPolicy.Failover failover = null;
        int priority = 0;
        boolean lazy = false;
        if (!spec.isPresent()) {
            spec.error("is required");
        } else if (!spec.node().isObject()) {
            spec.error("must be a mapping with resourceSelectors and placement");
        } else {
            onlyKnownFields(spec, SPEC_FIELDS);
            selectors = resourceSelectors(spec.field("resourceSelectors"));
            placement = placement(spec.field("placement"));
            priority = int32(spec.field("priority"), 0, Integer.MIN_VALUE);
            failover = failover(spec.field("failover"));
            lazy = lazyActivation(spec.field("activationPreference"));
            association(spec.field("association"));
        }
        if (!problems.isEmpty()) {
            return new ParsedPolicy(null, problems.list());
        }
        return new ParsedPolicy(new PropagationPolicy(scope, ns, name, priority, selectors, placement, failover, lazy), List.of());
    }

    /** Karmada's deprecated {@code association}: false (its default) is accepted; true is refused, as no v1.15 controller reads it. */
    private static void association(Cursor at) {
        if (at.bool(false)) {
            at.error("would be ignored by Karmada: deprecated for propagateDeps, and read by none of its controllers");
        }
    }

    /** {@code activationPreference}: Lazy, or left out (a change applies at once). */
    private static boolean lazyActivation(Cursor at) {
        String text = at.string();
        if (text == null || LAZY.equals(text)) {
            // Absent, Lazy, or not a string (string() said so).
            return text != null;
        }
        at.error("must be " + LAZY + " (or left out: a change of the policy applies at once)");
        return false;
    }

    private static String namespace(Cursor at, String fromKey, PropagationPolicy.Scope scope) {
        if (scope == PropagationPolicy.Scope.CLUSTER) {
            if (at.isPresent()) {
                at.error("must not be set: a " + CLUSTER_KIND + " is cluster-scoped");
            }
            return null;
        }
        return PolicyFields.namespace(at, fromKey);
    }

    /** Reads {@code resourceSelectors} (required, not empty); also used for override policies' selectors. */
    public static List<ResourceSelector> resourceSelectors(Cursor list) {
        if (!list.isPresent()) {
            list.error("is required");
            return List.of();
        }
        List<Cursor> elements = list.elements();
        if (list.node().isArray() && elements.isEmpty()) {
            list.error("must name at least one selector");
        }
        List<ResourceSelector> out = new ArrayList<>();
        for (Cursor element : elements) {
            if (!mapping(element, "apiVersion and kind")) {
                continue;
            }
            onlyKnownFields(element, SELECTOR_FIELDS);
            String apiVersion = element.field("apiVersion").requiredString();
            String kind = element.field("kind").requiredString();
            String namespace = element.field("namespace").string();
            String name = element.field("name").string();
            LabelSelector selector = labelSelector(element.field("labelSelector"));
            out.add(new ResourceSelector(apiVersion, kind, namespace, name, selector));
        }
        return out;
    }

    private static PropagationPolicy.Placement placement(Cursor at) {
        if (!at.isPresent()) {
            return PropagationPolicy.Placement.ANYWHERE;
        }
        if (!mapping(at, "clusterAffinity or clusterAffinities, clusterTolerations and replicaScheduling")) {
            return PropagationPolicy.Placement.ANYWHERE;
        }
        onlyKnownFields(at, PLACEMENT_FIELDS);
        Cursor single = at.field("clusterAffinity");
        Cursor groups = at.field("clusterAffinities");
        List<ClusterAffinity> affinities = new ArrayList<>();
        boolean named = false;
        if (single.isPresent() && groups.isPresent()) {
            // Karmada's validating webhook refuses both: which one should the scheduler follow?
            groups.error("must not be given together with clusterAffinity");
        } else if (single.isPresent()) {
            if (mapping(single, "clusterNames, exclude or labelSelector")) {
                onlyKnownFields(single, AFFINITY_FIELDS);
                affinities.add(affinity(single, null));
            }
        } else if (groups.isPresent()) {
            named = true;
            affinities.addAll(affinityGroups(groups));
        }
        List<Toleration> tolerations = new ArrayList<>();
        for (Cursor element : at.field("clusterTolerations").elements()) {
            Toleration toleration = toleration(element);
            if (toleration != null) {
                tolerations.add(toleration);
            }
        }
        Cursor spreadAt = at.field("spreadConstraints");
        List<SpreadConstraint> spread = ReplicaSchedulingFields.spreadConstraints(spreadAt);
        Cursor schedulingAt = at.field("replicaScheduling");
        ReplicaSchedulingFields.Strategy strategy = ReplicaSchedulingFields.strategy(schedulingAt);
        return new PropagationPolicy.Placement(affinities, named, tolerations, strategy.type(),
                ReplicaSchedulingFields.effectiveSpread(spread, strategy), strategy.division());
    }

    private static List<ClusterAffinity> affinityGroups(Cursor list) {
        List<Cursor> elements = list.elements();
        if (list.node().isArray() && elements.isEmpty()) {
            list.error("must name at least one affinity group (or be left out)");
        }
        List<ClusterAffinity> out = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Cursor element : elements) {
            if (!mapping(element, "affinityName and clusterNames, exclude or labelSelector")) {
                continue;
            }
            onlyKnownFields(element, AFFINITY_TERM_FIELDS);
            Cursor nameAt = element.field("affinityName");
            String name = nameAt.requiredString();
            if (name != null && name.length() > MAX_AFFINITY_NAME_LENGTH) {
                nameAt.error("must be at most " + MAX_AFFINITY_NAME_LENGTH + " characters");
            } else if (name != null) {
                String earlier = seen.putIfAbsent(name, nameAt.path());
                if (earlier != null) {
                    nameAt.error("is also used at " + earlier + "; affinity group names must be unique");
                }
            }
            out.add(affinity(element, name));
        }
        return out;
    }

    static ClusterAffinity affinity(Cursor at, String name) {
        List<String> names = PolicyFields.stringList(at.field("clusterNames"));
        List<String> exclude = PolicyFields.stringList(at.field("exclude"));
        return new ClusterAffinity(name, names, exclude, labelSelector(at.field("labelSelector")),
                ClusterFieldSelector.read(at.field("fieldSelector")));
    }

    /** Reads a label selector, null when absent; also used for override policies' target clusters. */
    public static LabelSelector labelSelector(Cursor at) {
        if (!at.isPresent()) {
            return null;
        }
        if (!mapping(at, "matchLabels and matchExpressions")) {
            return null;
        }
        onlyKnownFields(at, LABEL_SELECTOR_FIELDS);
        Map<String, String> labels = new LinkedHashMap<>();
        at.field("matchLabels").entries().forEach((key, value) -> {
            String text = value.string();
            if (!value.isPresent()) {
                value.error("must be a string");
            } else if (text != null) {
                labels.put(key, text);
            }
        });
        List<LabelSelector.Requirement> requirements = new ArrayList<>();
        for (Cursor element : at.field("matchExpressions").elements()) {
            if (!mapping(element, "key, operator and values")) {
                continue;
            }
            onlyKnownFields(element, REQUIREMENT_FIELDS);
            String key = element.field("key").requiredString();
            LabelSelector.Operator operator = enumValue(element.field("operator"), LabelSelector.Operator.class, null);
            Cursor valuesAt = element.field("values");
            List<String> values = PolicyFields.stringList(valuesAt);
            if (operator == LabelSelector.Operator.In || operator == LabelSelector.Operator.NotIn) {
                if (values.isEmpty()) {
                    valuesAt.error("must not be empty when the operator is " + operator);
                }
            } else if (operator != null && !values.isEmpty()) {
                valuesAt.error("must be empty when the operator is " + operator);
            }
            if (key != null && operator != null) {
                requirements.add(new LabelSelector.Requirement(key, operator, new LinkedHashSet<>(values)));
            }
        }
        return new LabelSelector(labels, requirements);
    }

    /** A toleration, read as Karmada's scheduler and taint manager read it; null when invalid. */
    private static Toleration toleration(Cursor at) {
        if (!mapping(at, "key, operator, value, effect and tolerationSeconds")) {
            return null;
        }
        int before = at.problems().size();
        onlyKnownFields(at, TOLERATION_FIELDS);
        String key = at.field("key").string();
        Toleration.Operator operator = enumValue(at.field("operator"), Toleration.Operator.class, Toleration.Operator.Equal);
        Cursor valueAt = at.field("value");
        String value = valueAt.string();
        Cursor effectAt = at.field("effect");
        // An empty effect tolerates every effect, as in Kubernetes.
        ClusterTaint.Effect effect = !effectAt.isPresent() || "".equals(effectAt.string())
                ? null : enumValue(effectAt, ClusterTaint.Effect.class, null);
        Cursor secondsAt = at.field("tolerationSeconds");
        Long seconds = secondsAt.isPresent() ? int64(secondsAt) : null;
        // Karmada's webhook checks no toleration. An empty key with Equal means something there (every key with this
        // value; its own example has one) and is read so; what its scheduler and taint manager would ignore is refused.
        if (operator == Toleration.Operator.Exists && value != null && !value.isEmpty()) {
            valueAt.error("would be ignored by Karmada: Exists matches every value; remove the value or use Equal");
        }
        if (seconds != null && effect != ClusterTaint.Effect.NoExecute) {
            secondsAt.error("would be ignored by Karmada: it applies to the NoExecute effect only");
        }
        return at.problems().size() == before ? new Toleration(key, operator, value, effect, seconds) : null;
    }

    private static PropagationPolicy.Failover failover(Cursor at) {
        if (!at.isPresent() || !mapping(at, "application, cluster, enable or checkpointStorage")) {
            return null;
        }
        onlyKnownFields(at, FAILOVER_FIELDS);
        boolean enabled = at.field("enable").bool(true);
        Cursor storageAt = at.field("checkpointStorage");
        CheckpointStorage storage = CheckpointStorage.read(storageAt);
        Cursor app = at.field("application");
        PropagationPolicy.ApplicationFailover application = null;
        if (app.isPresent() && mapping(app, "decisionConditions, purgeMode and gracePeriodSeconds")) {
            application = applicationFailover(app);
            // fedstream's earlier place for it; one policy gives it once.
            Cursor legacyStorageAt = app.field("checkpointStorage");
            if (legacyStorageAt.isPresent() && storageAt.isPresent()) {
                legacyStorageAt.error("must not be given together with " + storageAt.path());
            } else if (legacyStorageAt.isPresent()) {
                storage = CheckpointStorage.read(legacyStorageAt);
            }
        }
        return new PropagationPolicy.Failover(enabled, application, clusterFailover(at.field("cluster")), storage);
    }

    private static PropagationPolicy.ApplicationFailover applicationFailover(Cursor app) {
        onlyKnownFields(app, APPLICATION_FIELDS);
        Cursor decision = app.field("decisionConditions");
        long toleration = DEFAULT_TOLERATION_SECONDS;
        if (!decision.isPresent()) {
            decision.error("is required");
        } else if (mapping(decision, "tolerationSeconds")) {
            onlyKnownFields(decision, DECISION_FIELDS);
            toleration = int32(decision.field("tolerationSeconds"), DEFAULT_TOLERATION_SECONDS, 0);
        }
        Cursor modeAt = app.field("purgeMode");
        PropagationPolicy.PurgeMode mode = applicationPurgeMode(modeAt);
        Cursor graceAt = app.field("gracePeriodSeconds");
        Long grace = null;
        if (graceAt.isPresent()) {
            long value = int32(graceAt, 0, 1);
            if (mode != PropagationPolicy.PurgeMode.Gracefully && mode != null && modeAt.isPresent()) {
                graceAt.error("only applies when purgeMode is Gracefully");
            }
            grace = value;
        } else if (mode == PropagationPolicy.PurgeMode.Gracefully) {
            grace = DEFAULT_GRACE_PERIOD_SECONDS;
        }
        int32(app.field("blockPredecessorSeconds"), 0, 0);
        return new PropagationPolicy.ApplicationFailover(toleration, mode, grace, preservationRules(app.field("statePreservation")));
    }

    /**
     * Karmada v1.15's application purgeMode, Gracefully by default; its deprecated Immediately and Graciously "remain
     * functional" (propagation_types.go), as Directly and Gracefully, and its controllers treat them so.
     */
    private static PropagationPolicy.PurgeMode applicationPurgeMode(Cursor at) {
        String text = at.string();
        if (text == null) {
            // Absent: the default; not a string: string() named the field.
            return at.isPresent() ? null : PropagationPolicy.PurgeMode.Gracefully;
        }
        if (DEPRECATED_IMMEDIATELY.equals(text)) {
            return PropagationPolicy.PurgeMode.Directly;
        }
        if (DEPRECATED_GRACIOUSLY.equals(text)) {
            return PropagationPolicy.PurgeMode.Gracefully;
        }
        for (PropagationPolicy.PurgeMode mode : PropagationPolicy.PurgeMode.values()) {
            if (mode.name().equals(text)) {
                return mode;
            }
        }
        at.error("must be one of Directly, Gracefully, Never, or the deprecated " + DEPRECATED_IMMEDIATELY + " (Directly) or "
                + DEPRECATED_GRACIOUSLY + " (Gracefully)");
        return null;
    }

    /** Karmada v1.15's ClusterFailoverBehavior: its CRD allows only Directly and Gracefully, Gracefully by default. */
    private static PropagationPolicy.ClusterFailover clusterFailover(Cursor at) {
        if (!at.isPresent() || !mapping(at, "purgeMode and statePreservation")) {
            return null;
        }
        onlyKnownFields(at, CLUSTER_FAILOVER_FIELDS);
        Cursor modeAt = at.field("purgeMode");
        PropagationPolicy.PurgeMode mode = PropagationPolicy.PurgeMode.Gracefully;
        String text = modeAt.string();
        if (PropagationPolicy.PurgeMode.Directly.name().equals(text)) {
            mode = PropagationPolicy.PurgeMode.Directly;
        } else if (text != null && !PropagationPolicy.PurgeMode.Gracefully.name().equals(text)) {
            modeAt.error("must be one of Directly, Gracefully");
        }
        return new PropagationPolicy.ClusterFailover(mode, preservationRules(at.field("statePreservation")));
    }

    private static List<PropagationPolicy.StatePreservationRule> preservationRules(Cursor at) {
        if (!at.isPresent() || !mapping(at, "rules")) {
            return List.of();
        }
        onlyKnownFields(at, PRESERVATION_FIELDS);
        Cursor rules = at.field("rules");
        if (!rules.isPresent()) {
            rules.error("is required");
            return List.of();
        }
        List<PropagationPolicy.StatePreservationRule> out = new ArrayList<>();
        Set<String> aliases = new LinkedHashSet<>();
        for (Cursor rule : rules.elements()) {
            if (!mapping(rule, "aliasLabelName and jsonPath")) {
                continue;
            }
            onlyKnownFields(rule, RULE_FIELDS);
            Cursor aliasAt = rule.field("aliasLabelName");
            String alias = aliasAt.requiredString();
            String labelProblem = alias == null ? null : LabelName.problem(alias);
            if (labelProblem != null) {
                aliasAt.error(labelProblem);
                alias = null;
            } else if (alias != null && !aliases.add(alias)) {
                aliasAt.error("is used by an earlier rule; each rule needs its own label");
            }
            String path = rule.field("jsonPath").requiredString();
            if (alias != null && path != null) {
                out.add(new PropagationPolicy.StatePreservationRule(alias, path));
            }
        }
        return out;
    }

    static <E extends Enum<E>> E enumValue(Cursor at, Class<E> type, E defaultValue) {
        if (!at.isPresent()) {
            if (defaultValue == null) {
                at.error("is required");
            }
            return defaultValue;
        }
        String text = at.string();
        if (text == null) {
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(text)) {
                return constant;
            }
        }
        at.error("must be one of " + Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", ")));
        return null;
    }

    /** A 32-bit integer (Karmada's int32 fields) of at least {@code min}; the default when absent. */
    static int int32(Cursor at, long defaultValue, long min) {
        if (!at.isPresent()) {
            return (int) defaultValue;
        }
        JsonNode node = at.node();
        if (!node.isIntegralNumber()) {
            at.error("must be an integer");
            return (int) defaultValue;
        }
        if (!node.canConvertToInt()) {
            at.error("must be a 32-bit integer");
            return (int) defaultValue;
        }
        if (node.intValue() < min) {
            at.error(min == 1 ? "must be greater than 0" : "must be at least " + min);
            return (int) defaultValue;
        }
        return node.intValue();
    }

    private static Long int64(Cursor at) {
        JsonNode node = at.node();
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            at.error("must be a 64-bit integer");
            return null;
        }
        return node.longValue();
    }

    static boolean mapping(Cursor at, String expected) {
        if (!at.node().isObject()) {
            at.error("must be a mapping with " + expected);
            return false;
        }
        return true;
    }

    static void onlyKnownFields(Cursor mapping, List<String> known) {
        for (Map.Entry<String, Cursor> entry : mapping.entries().entrySet()) {
            if (!known.contains(entry.getKey())) {
                String later = LATER_KARMADA_FIELDS.get(entry.getKey());
                entry.getValue().error(later == null
                        ? "is not a known field (expected " + String.join(", ", known) + ")"
                        : "is not a field of Karmada v1.15, which fedstream follows: " + later + " (expected "
                                + String.join(", ", known) + ")");
            }
        }
    }

    /**
     * What a refused policy would select, so that a workload it would govern can name it: its kind, namespace, name,
     * priority and resourceSelectors when those parts are valid (the rest is not read), else empty. The result places
     * nowhere in particular and must never govern a workload.
     */
    public Optional<PropagationPolicy> selection(byte[] manifest, String namespace) {
        List<ManifestParser.Document> documents = parser.parse(manifest);
        if (documents.size() != 1 || documents.get(0).error() != null) {
            return Optional.empty();
        }
        Problems problems = new Problems();
        Cursor doc = Cursor.root(documents.get(0).root(), problems);
        Cursor spec = doc.field("spec");
        if (!doc.node().isObject() || !spec.node().isObject()) {
            return Optional.empty();
        }
        PropagationPolicy.Scope scope = PolicyFields.scope(doc.field("kind"), NAMESPACED_KIND, CLUSTER_KIND);
        String name = PolicyFields.name(doc.at("metadata.name"));
        String ns = scope == null ? null : namespace(doc.at("metadata.namespace"), namespace, scope);
        List<ResourceSelector> selectors = resourceSelectors(spec.field("resourceSelectors"));
        int priority = int32(spec.field("priority"), 0, Integer.MIN_VALUE);
        return problems.isEmpty()
                ? Optional.of(new PropagationPolicy(scope, ns, name, priority, selectors, PropagationPolicy.Placement.ANYWHERE, null))
                : Optional.empty();
    }
}
