package io.fedstream.place;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Problems;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static io.fedstream.place.PolicyFields.each;

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
    private static final Map<String, PropagationPolicy.PurgeMode> DEPRECATED_PURGE_MODES = Map.of(
            "Immediately", PropagationPolicy.PurgeMode.Directly, "Graciously", PropagationPolicy.PurgeMode.Gracefully);
    /** Karmada's one {@code activationPreference} (its CRD's enum). */
    private static final String LAZY = "Lazy";
    private static final List<String> SELECTOR_FIELDS = List.of("apiVersion", "kind", "namespace", "name", "labelSelector");
    private static final List<String> LABEL_SELECTOR_FIELDS = List.of("matchLabels", "matchExpressions");
    private static final List<String> REQUIREMENT_FIELDS = List.of("key", "operator", "values");
    private static final List<String> PLACEMENT_FIELDS =
            List.of("clusterAffinity", "clusterAffinities", "clusterTolerations", "spreadConstraints", "replicaScheduling");
    private static final List<String> AFFINITY_FIELDS =
            List.of("clusterNames", "exclude", "labelSelector", "fieldSelector");
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
        if (!mapping(doc, "apiVersion, kind, metadata and spec", TOP_FIELDS)) {
            return new ParsedPolicy(null, problems.list());
        }
        doc.field("apiVersion").requireValue(API_VERSION);
        PropagationPolicy.Scope scope = PolicyFields.scope(doc.field("kind"), NAMESPACED_KIND, CLUSTER_KIND);
        String name = PolicyFields.name(doc.at("metadata.name"));
        String ns = scope == null ? null : namespace(doc.at("metadata.namespace"), namespace, scope);

        Cursor spec = doc.field("spec");
        if (!required(spec) || !mapping(spec, "resourceSelectors and placement", SPEC_FIELDS)) {
            return new ParsedPolicy(null, problems.list());
        }
        List<ResourceSelector> selectors = resourceSelectors(spec.field("resourceSelectors"));
        PropagationPolicy.Placement placement = placement(spec.field("placement"));
        int priority = int32(spec.field("priority"), 0, Integer.MIN_VALUE);
        PropagationPolicy.Failover failover = failover(spec.field("failover"));
        boolean lazy = lazyActivation(spec.field("activationPreference"));
        association(spec.field("association"));
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
        if (!required(list)) {
            return List.of();
        }
        return each(list, "must name at least one selector", element -> {
            if (!mapping(element, "apiVersion and kind", SELECTOR_FIELDS)) {
                return null;
            }
            String apiVersion = element.field("apiVersion").requiredString();
            String kind = element.field("kind").requiredString();
            String namespace = element.field("namespace").string();
            String name = element.field("name").string();
            LabelSelector selector = labelSelector(element.field("labelSelector"));
            return new ResourceSelector(apiVersion, kind, namespace, name, selector);
        });
    }

    private static PropagationPolicy.Placement placement(Cursor at) {
        String expected = "clusterAffinity or clusterAffinities, clusterTolerations and replicaScheduling";
        if (!optional(at, expected, PLACEMENT_FIELDS)) {
            return PropagationPolicy.Placement.ANYWHERE;
        }
        Cursor single = at.field("clusterAffinity");
        Cursor groups = at.field("clusterAffinities");
        List<ClusterAffinity> affinities = List.of();
        if (single.isPresent() && groups.isPresent()) {
            // Karmada's validating webhook refuses both: which one should the scheduler follow?
            groups.error("must not be given together with clusterAffinity");
        } else if (single.isPresent()) {
            affinities = Stream.ofNullable(affinity(single)).toList();
        } else if (groups.isPresent()) {
            affinities = affinityGroups(groups);
        }
        List<Toleration> tolerations = each(at.field("clusterTolerations"), null, PropagationPolicyParser::toleration);
        List<SpreadConstraint> spread = ReplicaSchedulingFields.spreadConstraints(at.field("spreadConstraints"));
        ReplicaSchedulingFields.Strategy strategy = ReplicaSchedulingFields.strategy(at.field("replicaScheduling"));
        return new PropagationPolicy.Placement(affinities, groups.isPresent() && !single.isPresent(), tolerations,
                strategy.type(), ReplicaSchedulingFields.effectiveSpread(spread, strategy), strategy.division());
    }

    private static List<ClusterAffinity> affinityGroups(Cursor list) {
        Map<String, String> seen = new HashMap<>();
        return each(list, "must name at least one affinity group (or be left out)", element -> {
            if (!mapping(element, "affinityName and clusterNames, exclude or labelSelector", AFFINITY_TERM_FIELDS)) {
                return null;
            }
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
            return affinity(element, name);
        });
    }

    /** A {@code clusterAffinity} or a static weight's {@code targetCluster}: unnamed; null when not a mapping. */
    static ClusterAffinity affinity(Cursor at) {
        return mapping(at, "clusterNames, exclude or labelSelector", AFFINITY_FIELDS) ? affinity(at, null) : null;
    }

    private static ClusterAffinity affinity(Cursor at, String name) {
        List<String> names = PolicyFields.stringList(at.field("clusterNames"));
        List<String> exclude = PolicyFields.stringList(at.field("exclude"));
        return new ClusterAffinity(name, names, exclude, labelSelector(at.field("labelSelector")),
                ClusterFieldSelector.read(at.field("fieldSelector")));
    }

    /** Reads a label selector, null when absent; also used for override policies' target clusters. */
    public static LabelSelector labelSelector(Cursor at) {
        if (!optional(at, "matchLabels and matchExpressions", LABEL_SELECTOR_FIELDS)) {
            return null;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        at.field("matchLabels").entries().forEach((key, value) -> {
            String text = value.string();
            if (!value.isPresent()) {
                value.error("must be a string");
            } else if (text != null) {
                labels.put(key, text);
            }
        });
        return new LabelSelector(labels,
                each(at.field("matchExpressions"), null, PropagationPolicyParser::requirement));
    }

    private static LabelSelector.Requirement requirement(Cursor at) {
        if (!mapping(at, "key, operator and values", REQUIREMENT_FIELDS)) {
            return null;
        }
        String key = at.field("key").requiredString();
        LabelSelector.Operator operator = enumValue(at.field("operator"), LabelSelector.Operator.class, null);
        Cursor valuesAt = at.field("values");
        List<String> values = PolicyFields.stringList(valuesAt);
        boolean listsValues = operator == LabelSelector.Operator.In || operator == LabelSelector.Operator.NotIn;
        if (listsValues && values.isEmpty()) {
            valuesAt.error("must not be empty when the operator is " + operator);
        } else if (operator != null && !listsValues && !values.isEmpty()) {
            valuesAt.error("must be empty when the operator is " + operator);
        }
        return key == null || operator == null ? null
                : new LabelSelector.Requirement(key, operator, new LinkedHashSet<>(values));
    }

    /** A toleration, read as Karmada's scheduler and taint manager read it; null when invalid. */
    private static Toleration toleration(Cursor at) {
        int before = at.problems().size();
        if (!mapping(at, "key, operator, value, effect and tolerationSeconds", TOLERATION_FIELDS)) {
            return null;
        }
        String key = at.field("key").string();
        Toleration.Operator operator = enumValue(at.field("operator"), Toleration.Operator.class, Toleration.Operator.Equal);
        Cursor valueAt = at.field("value");
        String value = valueAt.string();
        Cursor effectAt = at.field("effect");
        // An empty effect tolerates every effect, as in Kubernetes.
        ClusterTaint.Effect effect = !effectAt.isPresent() || "".equals(effectAt.string())
                ? null : enumValue(effectAt, ClusterTaint.Effect.class, null);
        Cursor secondsAt = at.field("tolerationSeconds");
        Long seconds = secondsAt.isPresent() ? int64(secondsAt, Long.MIN_VALUE) : null;
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
        if (!optional(at, "application, cluster, enable or checkpointStorage", FAILOVER_FIELDS)) {
            return null;
        }
        boolean enabled = at.field("enable").bool(true);
        Cursor storageAt = at.field("checkpointStorage");
        CheckpointStorage storage = CheckpointStorage.read(storageAt);
        Cursor app = at.field("application");
        PropagationPolicy.ApplicationFailover application = null;
        if (optional(app, "decisionConditions, purgeMode and gracePeriodSeconds", APPLICATION_FIELDS)) {
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

    /**
     * Karmada v1.15's application failover; its purgeMode is Gracefully by default, and its deprecated Immediately
     * and Graciously "remain functional" (propagation_types.go), as Directly and Gracefully, and its controllers
     * treat them so.
     */
    private static PropagationPolicy.ApplicationFailover applicationFailover(Cursor app) {
        Cursor decision = app.field("decisionConditions");
        long toleration = DEFAULT_TOLERATION_SECONDS;
        if (required(decision) && mapping(decision, "tolerationSeconds", DECISION_FIELDS)) {
            toleration = int32(decision.field("tolerationSeconds"), DEFAULT_TOLERATION_SECONDS, 0);
        }
        Cursor modeAt = app.field("purgeMode");
        PropagationPolicy.PurgeMode mode = DEPRECATED_PURGE_MODES.get(modeAt.node().asText(""));
        if (mode == null) {
            mode = oneOf(modeAt, List.of(PropagationPolicy.PurgeMode.values()), PropagationPolicy.PurgeMode.Gracefully,
                    "must be one of Directly, Gracefully, Never, or the deprecated Immediately (Directly) or Graciously"
                            + " (Gracefully)");
        }
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

    /** Karmada v1.15's ClusterFailoverBehavior: its CRD allows only Directly and Gracefully, Gracefully by default. */
    private static PropagationPolicy.ClusterFailover clusterFailover(Cursor at) {
        if (!optional(at, "purgeMode and statePreservation", CLUSTER_FAILOVER_FIELDS)) {
            return null;
        }
        PropagationPolicy.PurgeMode mode = oneOf(at.field("purgeMode"),
                List.of(PropagationPolicy.PurgeMode.Directly, PropagationPolicy.PurgeMode.Gracefully),
                PropagationPolicy.PurgeMode.Gracefully, null);
        return new PropagationPolicy.ClusterFailover(mode, preservationRules(at.field("statePreservation")));
    }

    private static List<PropagationPolicy.StatePreservationRule> preservationRules(Cursor at) {
        if (!optional(at, "rules", PRESERVATION_FIELDS) || !required(at.field("rules"))) {
            return List.of();
        }
        Set<String> aliases = new HashSet<>();
        return each(at.field("rules"), null, rule -> {
            if (!mapping(rule, "aliasLabelName and jsonPath", RULE_FIELDS)) {
                return null;
            }
            Cursor aliasAt = rule.field("aliasLabelName");
            String alias = aliasAt.requiredString();
            String labelProblem = alias == null ? null : PolicyFields.labelKeyProblem(alias);
            if (labelProblem != null) {
                aliasAt.error(labelProblem);
                alias = null;
            } else if (alias != null && !aliases.add(alias)) {
                aliasAt.error("is used by an earlier rule; each rule needs its own label");
            }
            String path = rule.field("jsonPath").requiredString();
            return alias == null || path == null ? null : new PropagationPolicy.StatePreservationRule(alias, path);
        });
    }

    static <E extends Enum<E>> E enumValue(Cursor at, Class<E> type, E defaultValue) {
        return oneOf(at, List.of(type.getEnumConstants()), defaultValue, null);
    }

    /**
     * The constant of {@code allowed} named by the string at {@code at}; the default when absent (null: the field is
     * required); else a problem, {@code why} or the names allowed.
     */
    static <E extends Enum<E>> E oneOf(Cursor at, List<E> allowed, E defaultValue, String why) {
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
        for (E constant : allowed) {
            if (constant.name().equals(text)) {
                return constant;
            }
        }
        String names = allowed.stream().map(Enum::name).collect(Collectors.joining(", "));
        at.error(why != null ? why : "must be one of " + names);
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

    /** A 64-bit integer of at least {@code min}; null when it is not one. */
    static Long int64(Cursor at, long min) {
        JsonNode node = at.node();
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            at.error("must be a 64-bit integer");
            return null;
        }
        if (node.longValue() < min) {
            at.error("must be at least " + min);
            return null;
        }
        return node.longValue();
    }

    /** False, with the problem recorded, when the field is absent. */
    static boolean required(Cursor at) {
        if (!at.isPresent()) {
            at.error("is required");
        }
        return at.isPresent();
    }

    /** Whether the field is a mapping (else a problem naming what it should hold); its unknown fields are problems. */
    static boolean mapping(Cursor at, String expected, List<String> known) {
        if (!at.node().isObject()) {
            at.error("must be a mapping with " + expected);
            return false;
        }
        for (Map.Entry<String, Cursor> entry : at.entries().entrySet()) {
            if (!known.contains(entry.getKey())) {
                String later = LATER_KARMADA_FIELDS.get(entry.getKey());
                entry.getValue().error(later == null
                        ? "is not a known field (expected " + String.join(", ", known) + ")"
                        : "is not a field of Karmada v1.15, which fedstream follows: " + later + " (expected "
                                + String.join(", ", known) + ")");
            }
        }
        return true;
    }

    /** As {@link #mapping}, but an absent field is no problem (and false). */
    static boolean optional(Cursor at, String expected, List<String> known) {
        return at.isPresent() && mapping(at, expected, known);
    }

    /**
     * What a refused policy would select, so that a workload it would govern can name it: its kind, namespace, name,
     * priority and resourceSelectors when those parts are valid (the rest is not read), else empty. The result places
     * nowhere in particular and must never govern a workload.
     */
    public Optional<PropagationPolicy> selection(byte[] manifest, String namespace) {
        JsonNode root = PolicyFields.Document.of(parser, manifest).root();
        if (root == null || !root.isObject() || !root.path("spec").isObject()) {
            return Optional.empty();
        }
        // The manifest with only those parts, read as a whole.
        ObjectNode selecting = JsonNodeFactory.instance.objectNode().put("apiVersion", API_VERSION);
        ObjectNode spec = selecting.putObject("spec");
        copy(root, selecting, "kind", "metadata");
        copy(root.get("spec"), spec, "resourceSelectors", "priority");
        return Optional.ofNullable(read(selecting, namespace).policy());
    }

    private static void copy(JsonNode from, ObjectNode to, String... fields) {
        for (String field : fields) {
            if (from.has(field)) {
                to.set(field, from.get(field));
            }
        }
    }
}
