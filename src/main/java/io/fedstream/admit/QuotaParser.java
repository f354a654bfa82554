package io.fedstream.admit;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.Resources;
import io.fedstream.place.PolicyFields;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads FederatedResourceQuota manifests strictly: an unknown field, an unknown or duplicate
 * resource key, a bad quantity, a bad or repeated cluster name, or static assignments beyond
 * {@code spec.overall} refuse the whole quota, each error naming the field and its value.
 * {@code spec.hard}, the seed's spelling, is read as {@code spec.overall} with a note saying so.
 */
public final class QuotaParser {

    public static final String API_VERSION = "policy.karmada.io/v1alpha1";
    public static final String KIND = "FederatedResourceQuota";

    /** Karmada's webhook limit: the quota name ends up in a label value. */
    private static final int MAX_NAME_LENGTH = 63;
    /** Karmada's cluster name limit: 48 characters, leaving room for its execution-namespace prefix. */
    private static final int MAX_CLUSTER_NAME_LENGTH = 48;
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /** The seed's name for {@code spec.overall} (Karmada's ResourceQuota-like spelling); Karmada v1.15 has no such field. */
    static final String SEED_OVERALL = "hard";

    private static final List<String> TOP_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final List<String> SPEC_FIELDS = List.of("overall", "staticAssignments", SEED_OVERALL);
    private static final List<String> ASSIGNMENT_FIELDS = List.of("clusterName", "hard");

    private final ManifestParser parser = new ManifestParser();

    /**
     * Parses one manifest (YAML or JSON). The namespace comes from {@code metadata.namespace},
     * or from {@code namespace} (the policy key's) when the manifest leaves it out; when both
     * are given they must agree. {@code namespace} may be null.
     */
    public ParsedQuota parse(byte[] manifest, String namespace) {
        List<ManifestParser.Document> documents = parser.parse(manifest);
        if (documents.size() != 1) {
            String reason = documents.isEmpty() ? "is empty" : "holds " + documents.size() + " documents; a quota event carries one";
            return new ParsedQuota(null, List.of(new FieldError("manifest", null, reason)), List.of());
        }
        ManifestParser.Document document = documents.get(0);
        if (document.error() != null) {
            return new ParsedQuota(null, List.of(document.error()), List.of());
        }
        return read(document.root(), namespace);
    }

    /** Validates an already parsed manifest tree; see {@link #parse(byte[], String)}. */
    public ParsedQuota read(JsonNode root, String namespace) {
        Problems problems = new Problems();
        Cursor doc = Cursor.root(root, problems);
        if (!doc.node().isObject()) {
            doc.error("must be a mapping with apiVersion, kind, metadata and spec");
            return new ParsedQuota(null, problems.list(), List.of());
        }
        doc.onlyFields(TOP_FIELDS);
        doc.field("apiVersion").requireValue(API_VERSION);
        doc.field("kind").requireValue(KIND);
        String name = name(doc.at("metadata.name"));
        String ns = PolicyFields.namespace(doc.at("metadata.namespace"), namespace);

        Cursor spec = doc.field("spec");
        Resources overall = Resources.NONE;
        List<FederatedResourceQuota.StaticAssignment> assignments = List.of();
        List<ReadingNote> notes = new ArrayList<>();
        if (!spec.isPresent()) {
            spec.error("is required");
        } else if (!spec.node().isObject()) {
            spec.error("must be a mapping with overall and optionally staticAssignments");
        } else {
            spec.onlyFields(SPEC_FIELDS);
            Cursor overallAt = overall(spec, notes);
            overall = resourceList(overallAt);
            assignments = staticAssignments(spec.field("staticAssignments"));
            if (problems.isEmpty()) {
                checkAgainstOverall(overallAt, overall, spec.field("staticAssignments"), assignments);
            }
        }
        if (!problems.isEmpty()) {
            return new ParsedQuota(null, problems.list(), List.of());
        }
        return new ParsedQuota(new FederatedResourceQuota(ns, name, overall, assignments), List.of(), notes);
    }

    /**
     * Where the overall limits are written: {@code spec.overall}, or the seed's {@code spec.hard} (noted). Both at once
     * would leave it unclear which limits hold, so that is refused.
     */
    private static Cursor overall(Cursor spec, List<ReadingNote> notes) {
        Cursor overallAt = spec.field("overall");
        Cursor seedAt = spec.field(SEED_OVERALL);
        if (seedAt.isPresent() && overallAt.isPresent()) {
            seedAt.error("is the seed's spelling of " + overallAt.path() + "; give " + overallAt.path() + " or "
                    + seedAt.path() + ", not both");
            return overallAt;
        }
        if (seedAt.isPresent()) {
            notes.add(new ReadingNote(seedAt.path(), "read as " + overallAt.path()
                    + " (the seed's spelling; Karmada v1.15 names the overall limits spec.overall)"));
            return seedAt;
        }
        if (!overallAt.isPresent()) {
            overallAt.error("is required");
        }
        return overallAt;
    }

    private static String name(Cursor at) {
        String name = at.requiredString();
        if (name != null && (name.length() > MAX_NAME_LENGTH || !DNS_SUBDOMAIN.matcher(name).matches())) {
            at.error("must be a lower-case DNS subdomain of at most " + MAX_NAME_LENGTH + " characters");
            return null;
        }
        return name;
    }

    /** A ResourceList of quota keys; every key and quantity is checked, all problems recorded. */
    private static Resources resourceList(Cursor list) {
        Map<String, Long> amounts = new TreeMap<>();
        Map<String, String> spelledAs = new HashMap<>();
        list.entries().forEach((key, value) -> {
            String canonical = QuotaKeys.canonical(key);
            if (canonical == null) {
                value.error(QuotaKeys.whyNot(key));
                return;
            }
            String earlier = spelledAs.putIfAbsent(canonical, key);
            if (earlier != null) {
                value.error("names the same resource as " + earlier + "; give it once");
                return;
            }
            if (!value.isPresent()) {
                value.error("must be a quantity");
                return;
            }
            Long units = value.quantity(canonical);
            if (units == null) {
                return;
            }
            if (QuotaKeys.isInteger(canonical) && units % 1000 != 0) {
                value.error("must be a whole number");
                return;
            }
            amounts.put(canonical, units);
        });
        return Resources.of(amounts);
    }

    private static List<FederatedResourceQuota.StaticAssignment> staticAssignments(Cursor list) {
        List<FederatedResourceQuota.StaticAssignment> out = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Cursor element : list.elements()) {
            if (!element.node().isObject()) {
                element.error("must be a mapping with clusterName and hard");
                continue;
            }
            element.onlyFields(ASSIGNMENT_FIELDS);
            Cursor clusterAt = element.field("clusterName");
            String cluster = clusterAt.requiredString();
            if (cluster != null && (cluster.length() > MAX_CLUSTER_NAME_LENGTH || !DNS_LABEL.matcher(cluster).matches())) {
                clusterAt.error("must be a cluster name: a lower-case DNS label of at most " + MAX_CLUSTER_NAME_LENGTH + " characters");
                cluster = null;
            }
            if (cluster != null) {
                String earlier = seen.putIfAbsent(cluster, clusterAt.path());
                if (earlier != null) {
                    clusterAt.error("is also given at " + earlier + "; each cluster has at most one static assignment");
                }
            }
            Cursor hardAt = element.field("hard");
            if (!hardAt.isPresent()) {
                hardAt.error("is required");
            }
            Resources hard = resourceList(hardAt);
            if (cluster != null) {
                out.add(new FederatedResourceQuota.StaticAssignment(cluster, hard));
            }
        }
        return out;
    }

    /**
     * As Karmada's validating webhook: every key of an assignment must be in overall, and
     * overall must be at least the sum of the assignments, so the per-cluster limits never
     * promise more than the namespace may use in total.
     */
    private static void checkAgainstOverall(
            Cursor overallAt, Resources overall, Cursor assignmentsAt, List<FederatedResourceQuota.StaticAssignment> assignments) {
        Map<String, Long> sums = new LinkedHashMap<>();
        for (int i = 0; i < assignments.size(); i++) {
            Cursor hardAt = assignmentsAt.index(i).field("hard");
            for (Map.Entry<String, Cursor> entry : hardAt.entries().entrySet()) {
                String canonical = QuotaKeys.canonical(entry.getKey());
                if (!overall.amounts().containsKey(canonical)) {
                    entry.getValue().error("is not limited in " + overallAt.path() + "; a static assignment may only split overall limits");
                    continue;
                }
                long amount = assignments.get(i).hard().amounts().get(canonical);
                sums.merge(canonical, amount, QuotaParser::saturatedAdd);
            }
        }
        Map<String, Cursor> overallFields = new HashMap<>();
        overallAt.entries().forEach((key, value) -> overallFields.put(QuotaKeys.canonical(key), value));
        sums.forEach((key, sum) -> {
            if (overall.amounts().get(key) < sum) {
                overallFields.get(key).error("is less than the sum of the static assignments ("
                        + Resources.of(Map.of(key, sum)).toQuantities().get(key) + ")");
            }
        });
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
