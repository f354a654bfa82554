package io.fedstream.place;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.ManifestParser;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What every Karmada policy manifest has in common, read the same way by the propagation and the override policy
 * parsers: one document per event, a kind naming the namespaced or the cluster-scoped flavour, a DNS-subdomain name,
 * a namespace agreeing with the policy key's, and lists of strings.
 */
public final class PolicyFields {

    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern LABEL_NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");

    private PolicyFields() {}

    /** The one document of a policy event, or why there is none. */
    public record Document(JsonNode root, List<FieldError> errors) {

        public static Document of(ManifestParser parser, byte[] manifest) {
            List<ManifestParser.Document> documents = parser.parse(manifest);
            if (documents.size() != 1) {
                String reason = documents.isEmpty() ? "is empty" : "holds " + documents.size() + " documents; a policy event carries one";
                return new Document(null, List.of(new FieldError("manifest", null, reason)));
            }
            ManifestParser.Document document = documents.get(0);
            return document.error() != null ? new Document(null, List.of(document.error())) : new Document(document.root(), List.of());
        }
    }

    /** NAMESPACED or CLUSTER by {@code kind}; null (with the problem recorded) for any other kind. */
    public static PropagationPolicy.Scope scope(Cursor at, String namespacedKind, String clusterKind) {
        String kind = at.requiredString();
        if (namespacedKind.equals(kind)) {
            return PropagationPolicy.Scope.NAMESPACED;
        }
        if (clusterKind.equals(kind)) {
            return PropagationPolicy.Scope.CLUSTER;
        }
        if (kind != null) {
            at.error("must be " + namespacedKind + " or " + clusterKind);
        }
        return null;
    }

    /** {@code metadata.name}: required, a lower-case DNS subdomain. */
    public static String name(Cursor at) {
        String name = at.requiredString();
        if (name != null && (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches())) {
            at.error("must be a lower-case DNS subdomain");
            return null;
        }
        return name;
    }

    /**
     * A namespaced policy's {@code metadata.namespace}, or {@code fromKey} (the policy key's) when the manifest leaves
     * it out; when both are given they must agree.
     */
    public static String namespace(Cursor at, String fromKey) {
        String written = at.string();
        if (written == null && !at.isPresent()) {
            if (fromKey == null || fromKey.isEmpty()) {
                at.error("is required (or must be given by the policy key)");
            }
            return fromKey;
        }
        if (written == null || written.length() > 63 || !DNS_LABEL.matcher(written).matches()) {
            at.error("must be a namespace name (a lower-case DNS label)");
            return null;
        }
        if (fromKey != null && !fromKey.isEmpty() && !fromKey.equals(written)) {
            at.error("differs from the namespace of the policy key (" + fromKey + ")");
        }
        return written;
    }

    /** Whether {@code value} is a lower-case DNS subdomain of at most 253 characters. */
    public static boolean isDnsSubdomain(String value) {
        return value.length() <= 253 && DNS_SUBDOMAIN.matcher(value).matches();
    }

    /**
     * Why {@code key} is not a Kubernetes label key (apimachinery {@code IsQualifiedName}: an optional DNS-subdomain
     * prefix and a slash, then a name of at most 63 characters), or null when it is. Karmada checks statePreservation's
     * {@code aliasLabelName} with it, since the preserved value becomes a label on the migrated workload.
     */
    static String labelKeyProblem(String key) {
        int slash = key.indexOf('/');
        if (slash >= 0 && !isDnsSubdomain(key.substring(0, slash))) {
            return "must be a label key: its prefix before '/' must be a lower-case DNS subdomain";
        }
        String name = key.substring(slash + 1);
        if (name.length() > 63 || !LABEL_NAME.matcher(name).matches()) {
            return "must be a label key: a name of at most 63 characters, alphanumeric at both ends, with '-', '_' or '.' "
                    + "between, optionally after a DNS-subdomain prefix and '/'";
        }
        return null;
    }

    /** A list of strings; each element that is not one is a problem. */
    public static List<String> stringList(Cursor at) {
        return each(at, null, Cursor::requiredString);
    }

    /**
     * Each element of a list as {@code reader} reads it, leaving out those it refuses (null); {@code emptyWhy}, when
     * given, is the problem of an empty list.
     */
    static <T> List<T> each(Cursor list, String emptyWhy, Function<Cursor, T> reader) {
        List<Cursor> elements = list.elements();
        if (emptyWhy != null && list.node().isArray() && elements.isEmpty()) {
            list.error(emptyWhy);
        }
        return elements.stream().map(reader).filter(Objects::nonNull).toList();
    }
}
