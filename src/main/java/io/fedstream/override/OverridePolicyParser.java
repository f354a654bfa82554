package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Problems;
import io.fedstream.place.ClusterFieldSelector;
import io.fedstream.place.PolicyFields;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.PropagationPolicyParser;
import io.fedstream.place.ResourceSelector;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads OverridePolicy and ClusterOverridePolicy manifests strictly, with Karmada's field names
 * ({@code pkg/apis/policy/v1alpha1/override_types.go}) and webhook rules
 * ({@code pkg/util/validation/validation.go ValidateOverrideSpec}): an unknown field, a field
 * fedstream cannot honour or a bad value refuses the whole policy, and every problem is reported
 * at once, each naming its field and value.
 */
public final class OverridePolicyParser {

    public static final String NAMESPACED_KIND = "OverridePolicy";
    public static final String CLUSTER_KIND = "ClusterOverridePolicy";

    private static final Pattern QUALIFIED_NAME_PART = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern LABEL_VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

    private static final List<String> TOP_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final List<String> SPEC_FIELDS = List.of("resourceSelectors", "overrideRules", "targetCluster", "overriders");
    private static final List<String> RULE_FIELDS = List.of("targetCluster", "overriders");
    private static final List<String> TARGET_FIELDS = List.of("clusterNames", "exclude", "labelSelector", "fieldSelector");
    private static final List<String> OVERRIDER_FIELDS = List.of(
            "plaintext", "imageOverrider", "commandOverrider", "argsOverrider", "labelsOverrider", "annotationsOverrider");
    private static final List<String> PLAINTEXT_FIELDS = List.of("path", "operator", "value");
    private static final List<String> IMAGE_FIELDS = List.of("predicate", "component", "operator", "value");
    private static final List<String> PREDICATE_FIELDS = List.of("path");
    private static final List<String> COMMAND_ARGS_FIELDS = List.of("containerName", "operator", "value");
    private static final List<String> LABELS_FIELDS = List.of("operator", "value");

    /** Karmada fields fedstream refuses rather than ignores, with why. */
    private static final Map<String, String> UNSUPPORTED = Map.of(
            "fieldOverrider", "is not supported: it patches JSON or YAML text inside a string field (ConfigMap or Secret "
                    + "data) and writes it back the way Go's encoders format it, which fedstream does not reproduce byte "
                    + "for byte; such data bears on no placement or quota; use plaintext to replace the whole string");

    private final ManifestParser parser = new ManifestParser();

    /**
     * Parses one manifest (YAML or JSON). An OverridePolicy's namespace comes from
     * {@code metadata.namespace}, or from {@code namespace} (the policy key's) when the manifest
     * leaves it out; when both are given they must agree. {@code namespace} may be null.
     */
    public ParsedOverridePolicy parse(byte[] manifest, String namespace) {
        PolicyFields.Document document = PolicyFields.Document.of(parser, manifest);
        return document.root() == null ? new ParsedOverridePolicy(null, document.errors()) : read(document.root(), namespace);
    }

    /** Validates an already parsed manifest tree; see {@link #parse(byte[], String)}. */
    public ParsedOverridePolicy read(JsonNode root, String namespace) {
        Problems problems = new Problems();
        Cursor doc = Cursor.root(root, problems);
        if (!doc.node().isObject()) {
            doc.error("must be a mapping with apiVersion, kind, metadata and spec");
            return new ParsedOverridePolicy(null, problems.list());
        }
        onlyKnownFields(doc, TOP_FIELDS);
        String apiVersion = doc.field("apiVersion").requiredString();
        if (apiVersion != null && !apiVersion.equals(PropagationPolicyParser.API_VERSION)) {
            doc.field("apiVersion").error("must be " + PropagationPolicyParser.API_VERSION);
        }
        PropagationPolicy.Scope scope = PolicyFields.scope(doc.field("kind"), NAMESPACED_KIND, CLUSTER_KIND);
        String name = PolicyFields.name(doc.at("metadata.name"));
        String ns = scope == null ? null : namespace(doc.at("metadata.namespace"), namespace, scope);

        Cursor spec = doc.field("spec");
        List<ResourceSelector> selectors = List.of();
        List<OverridePolicy.Rule> rules = List.of();
        if (!spec.isPresent()) {
            spec.error("is required");
        } else if (mapping(spec, "resourceSelectors and overrideRules")) {
            onlyKnownFields(spec, SPEC_FIELDS);
            Cursor selectorsAt = spec.field("resourceSelectors");
            // Unlike a PropagationPolicy, no selectors (or an empty list) selects every workload.
            if (selectorsAt.isPresent() && !(selectorsAt.node().isArray() && selectorsAt.node().isEmpty())) {
                selectors = PropagationPolicyParser.resourceSelectors(selectorsAt);
            }
            rules = rules(spec);
        }
        if (!problems.isEmpty()) {
            return new ParsedOverridePolicy(null, problems.list());
        }
        return new ParsedOverridePolicy(new OverridePolicy(scope, ns, name, selectors, rules), List.of());
    }

    private static List<OverridePolicy.Rule> rules(Cursor spec) {
        Cursor rulesAt = spec.field("overrideRules");
        Cursor targetAt = spec.field("targetCluster");
        Cursor overridersAt = spec.field("overriders");
        if (rulesAt.isPresent()) {
            // Karmada's webhook: the deprecated pair cannot be mixed with overrideRules.
            if (targetAt.isPresent()) {
                targetAt.error("must not be given together with overrideRules (it is the deprecated form of a rule)");
            }
            if (overridersAt.isPresent() && overridersAt.node().isObject() && !overridersAt.node().isEmpty()) {
                overridersAt.error("must not be given together with overrideRules (it is the deprecated form of a rule)");
            }
            List<OverridePolicy.Rule> out = new ArrayList<>();
            for (Cursor rule : rulesAt.elements()) {
                if (!mapping(rule, "targetCluster and overriders")) {
                    continue;
                }
                onlyKnownFields(rule, RULE_FIELDS);
                TargetCluster target = targetCluster(rule.field("targetCluster"));
                Cursor at = rule.field("overriders");
                if (!at.isPresent()) {
                    at.error("is required");
                }
                out.add(new OverridePolicy.Rule(rule.path(), target, overriders(at)));
            }
            return out;
        }
        if (!targetAt.isPresent() && !overridersAt.isPresent()) {
            return List.of();
        }
        return List.of(new OverridePolicy.Rule(spec.path(), targetCluster(targetAt), overriders(overridersAt)));
    }

    private static TargetCluster targetCluster(Cursor at) {
        if (!at.isPresent() || !mapping(at, "clusterNames, exclude, labelSelector or fieldSelector")) {
            return null;
        }
        onlyKnownFields(at, TARGET_FIELDS);
        return new TargetCluster(PolicyFields.stringList(at.field("clusterNames")), PolicyFields.stringList(at.field("exclude")),
                PropagationPolicyParser.labelSelector(at.field("labelSelector")), ClusterFieldSelector.read(at.field("fieldSelector")));
    }

    private static Overriders overriders(Cursor at) {
        if (!at.isPresent() || !mapping(at, String.join(", ", OVERRIDER_FIELDS))) {
            return Overriders.NONE;
        }
        onlyKnownFields(at, OVERRIDER_FIELDS);
        List<Overriders.Plaintext> plaintext = new ArrayList<>();
        for (Cursor element : at.field("plaintext").elements()) {
            Overriders.Plaintext p = plaintext(element);
            if (p != null) {
                plaintext.add(p);
            }
        }
        List<Overriders.Image> images = new ArrayList<>();
        for (Cursor element : at.field("imageOverrider").elements()) {
            Overriders.Image image = image(element);
            if (image != null) {
                images.add(image);
            }
        }
        return new Overriders(plaintext, images, commandArgs(at.field("commandOverrider")), commandArgs(at.field("argsOverrider")),
                labelsAnnotations(at.field("labelsOverrider"), true), labelsAnnotations(at.field("annotationsOverrider"), false));
    }

    private static Overriders.Plaintext plaintext(Cursor at) {
        if (!mapping(at, "path, operator and value")) {
            return null;
        }
        onlyKnownFields(at, PLAINTEXT_FIELDS);
        String path = pointer(at.field("path"));
        Overriders.Operator operator = enumValue(at.field("operator"), Overriders.Operator.class);
        Cursor valueAt = at.field("value");
        // The field exists with any JSON value, null included; Karmada's apiextensions JSON keeps it.
        boolean hasValue = at.node().has("value");
        if (operator == Overriders.Operator.remove && hasValue) {
            valueAt.error("must not be given for remove");
        } else if (operator != null && operator != Overriders.Operator.remove && !hasValue) {
            valueAt.error("is required for " + operator);
        }
        if (path == null || operator == null) {
            return null;
        }
        return new Overriders.Plaintext(path, operator, hasValue ? at.node().get("value").deepCopy() : null);
    }

    private static Overriders.Image image(Cursor at) {
        if (!mapping(at, "predicate, component, operator and value")) {
            return null;
        }
        onlyKnownFields(at, IMAGE_FIELDS);
        String predicate = null;
        Cursor predicateAt = at.field("predicate");
        if (predicateAt.isPresent() && mapping(predicateAt, "path")) {
            onlyKnownFields(predicateAt, PREDICATE_FIELDS);
            predicate = pointer(predicateAt.field("path"));
        }
        Overriders.Component component = enumValue(at.field("component"), Overriders.Component.class);
        Overriders.Operator operator = enumValue(at.field("operator"), Overriders.Operator.class);
        Cursor valueAt = at.field("value");
        String value = valueAt.string();
        if (operator != null && operator != Overriders.Operator.remove && (value == null || value.isEmpty())) {
            valueAt.error("must not be empty for " + operator);
        } else if (component == Overriders.Component.Tag && operator == Overriders.Operator.replace
                && !ImageReference.isTagOrDigest(value)) {
            // Karmada would leave the image unchanged without a word.
            valueAt.error("must be a tag ([A-Za-z0-9_][A-Za-z0-9_.-]{0,127}) or a digest (algorithm:hex)");
        }
        if (component == null || operator == null || (predicateAt.isPresent() && predicate == null)) {
            return null;
        }
        return new Overriders.Image(predicate, component, operator, value == null ? "" : value);
    }

    private static List<Overriders.CommandArgs> commandArgs(Cursor list) {
        List<Overriders.CommandArgs> out = new ArrayList<>();
        for (Cursor at : list.elements()) {
            if (!mapping(at, "containerName, operator and value")) {
                continue;
            }
            onlyKnownFields(at, COMMAND_ARGS_FIELDS);
            String container = at.field("containerName").requiredString();
            Cursor operatorAt = at.field("operator");
            Overriders.Operator operator = enumValue(operatorAt, Overriders.Operator.class);
            if (operator == Overriders.Operator.replace) {
                operatorAt.error("must be add or remove");
                operator = null;
            }
            List<String> values = PolicyFields.stringList(at.field("value"));
            if (container != null && operator != null) {
                out.add(new Overriders.CommandArgs(container, operator, values));
            }
        }
        return out;
    }

    private static List<Overriders.LabelsAnnotations> labelsAnnotations(Cursor list, boolean labels) {
        List<Overriders.LabelsAnnotations> out = new ArrayList<>();
        for (Cursor at : list.elements()) {
            if (!mapping(at, "operator and value")) {
                continue;
            }
            onlyKnownFields(at, LABELS_FIELDS);
            Overriders.Operator operator = enumValue(at.field("operator"), Overriders.Operator.class);
            Map<String, String> values = new LinkedHashMap<>();
            Cursor valueAt = at.field("value");
            if (valueAt.isPresent() && mapping(valueAt, "keys and string values")) {
                valueAt.entries().forEach((key, value) -> {
                    String text = value.string();
                    if (!value.isPresent()) {
                        value.error("must be a string");
                    } else if (text != null && checkKey(value, key) && (!labels || checkLabelValue(value, text))) {
                        values.put(key, text);
                    }
                });
            }
            if (operator != null) {
                out.add(new Overriders.LabelsAnnotations(operator, values));
            }
        }
        return out;
    }

    /** Kubernetes' qualified name, as {@code ValidateLabels} and {@code ValidateAnnotations} check keys. */
    private static boolean checkKey(Cursor at, String key) {
        int slash = key.indexOf('/');
        String prefix = slash < 0 ? null : key.substring(0, slash);
        String name = slash < 0 ? key : key.substring(slash + 1);
        boolean ok = name.length() <= 63 && QUALIFIED_NAME_PART.matcher(name).matches()
                && (prefix == null || PolicyFields.isDnsSubdomain(prefix));
        if (!ok) {
            at.error("key " + key + " must be a qualified name ([prefix/]name: name at most 63 characters of "
                    + "[A-Za-z0-9_.-] starting and ending alphanumeric; prefix a lower-case DNS subdomain)");
        }
        return ok;
    }

    private static boolean checkLabelValue(Cursor at, String value) {
        boolean ok = value.length() <= 63 && LABEL_VALUE.matcher(value).matches();
        if (!ok) {
            at.error("must be a label value (at most 63 characters of [A-Za-z0-9_.-], starting and ending alphanumeric)");
        }
        return ok;
    }

    /** An RFC 6901 JSON pointer to a field below the root; the whole manifest cannot be a target. */
    private static String pointer(Cursor at) {
        String path = at.requiredString();
        if (path == null) {
            return null;
        }
        String problem = JsonPatch.pointerProblem(path);
        if (problem != null) {
            at.error(problem);
            return null;
        }
        return path;
    }

    private static String namespace(Cursor at, String fromKey, PropagationPolicy.Scope scope) {
        if (scope == PropagationPolicy.Scope.CLUSTER) {
            // The API server clears the namespace of a cluster-scoped object; so is it ignored here.
            return null;
        }
        return PolicyFields.namespace(at, fromKey);
    }

    /** A required enum value written exactly as one of the constants' names. */
    private static <E extends Enum<E>> E enumValue(Cursor at, Class<E> type) {
        String text = at.requiredString();
        if (text == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(text)) {
                return constant;
            }
            names.add(constant.name());
        }
        at.error("must be one of " + String.join(", ", names));
        return null;
    }

    private static boolean mapping(Cursor at, String expected) {
        if (!at.node().isObject()) {
            at.error("must be a mapping with " + expected);
            return false;
        }
        return true;
    }

    private static void onlyKnownFields(Cursor mapping, List<String> known) {
        for (Map.Entry<String, Cursor> entry : mapping.entries().entrySet()) {
            String field = entry.getKey();
            if (!known.contains(field)) {
                String unsupported = UNSUPPORTED.get(field);
                entry.getValue().error(unsupported != null ? unsupported
                        : "is not a known field (expected " + String.join(", ", known) + ")");
            }
        }
    }
}
