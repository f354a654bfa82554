package io.fedstream.place;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.QuotaParser;
import io.fedstream.interpret.FieldError;
import io.fedstream.override.OverridePolicyParser;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/karmada.md} honest where that is cheap: the field names the parsers know are in the tables, and the
 * rows that say "refused" or "not checked" say what the parser does. Rows marked {@code <!-- in flight: BRANCH -->}
 * describe a field another branch is changing; their behaviour is checked once the row is updated and the mark gone.
 */
class KarmadaDocTest {

    private static final Path DOC = Path.of("docs", "karmada.md");
    private static final String OVERRIDES = "OverridePolicy and ClusterOverridePolicy";
    /** What {@code overriders.} stands for in the override table: a rule's overriders and the deprecated top-level ones. */
    private static final List<String> OVERRIDERS_AT = List.of("spec.overrideRules[].overriders.", "spec.overriders.");
    private static final List<String> OVERRIDE_KINDS = List.of(OverridePolicyParser.NAMESPACED_KIND, OverridePolicyParser.CLUSTER_KIND);
    private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One table row: the field paths of its first cell, its fedstream cell, and whether another branch is changing it. */
    record Row(List<String> paths, String fedstream, boolean inFlight) {

        boolean says(String status) {
            return fedstream.startsWith(status);
        }
    }

    private static Map<String, List<Row>> sections;

    @BeforeAll
    static void read() throws IOException {
        sections = new LinkedHashMap<>();
        List<Row> rows = null;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                rows = new ArrayList<>();
                sections.put(line.substring(3).strip(), rows);
            } else if (rows != null && line.startsWith("| `")) {
                String[] cells = line.split("\\|");
                List<String> paths = new ArrayList<>();
                Matcher m = BACKTICKED.matcher(cells[1]);
                while (m.find()) {
                    paths.add(m.group(1));
                }
                rows.add(new Row(paths, cells[3].strip(), line.contains("<!-- in flight:")));
            }
        }
    }

    @Test
    void everyFieldThePropagationPolicyParserKnowsIsInThePropagationPolicyTable() throws IllegalAccessException {
        Set<String> known = fieldNames(PropagationPolicyParser.class);
        known.addAll(fieldNames(ClusterFieldSelector.class));

        assertThat(known).as("the parser's field lists, read by reflection").contains("resourceSelectors", "clusterTolerations", "matchExpressions");
        assertThat(segments(section("PropagationPolicy")))
                .as("field names in the PropagationPolicy tables of " + DOC)
                .containsAll(known);
    }

    @Test
    void everyFieldTheOverridePolicyParserKnowsIsInTheOverridePolicyTable() throws IllegalAccessException {
        Set<String> known = fieldNames(OverridePolicyParser.class);
        known.addAll(fieldNames(ClusterFieldSelector.class));

        assertThat(known).contains("overrideRules", "imageOverrider", "fieldOverrider", "operator");
        assertThat(segments(section(OVERRIDES)))
                .as("field names in the %s table of %s", OVERRIDES, DOC)
                .containsAll(known);
    }

    @Test
    void everyFieldTheQuotaParserKnowsIsInTheFederatedResourceQuotaTable() throws IllegalAccessException {
        Set<String> known = fieldNames(QuotaParser.class);

        assertThat(known).contains("overall", "staticAssignments", "clusterName");
        assertThat(segments(section("FederatedResourceQuota")))
                .as("field names in the FederatedResourceQuota tables of " + DOC)
                .containsAll(known);
    }

    @Test
    void everyRowSayingRefusedIsRefusedNamingTheFieldOrItsParent() {
        List<String> checked = new ArrayList<>();
        for (Row row : settled(section("PropagationPolicy"), "refused")) {
            for (String path : row.paths()) {
                expectRefused(PropagationPolicyParser.NAMESPACED_KIND, path);
                expectRefused(PropagationPolicyParser.CLUSTER_KIND, path);
                checked.add(path);
            }
        }
        for (Row row : settled(section("ClusterPropagationPolicy"), "refused")) {
            for (String path : row.paths()) {
                expectRefused(PropagationPolicyParser.CLUSTER_KIND, path);
                checked.add(path);
            }
        }
        assertThat(checked).as("refused rows checked").contains("spec.association", "metadata.namespace");
    }

    @Test
    void everyRowSayingNotCheckedAcceptsAnyValue() {
        List<String> checked = new ArrayList<>();
        for (Row row : settled(section("PropagationPolicy"), "accepted, no effect")) {
            if (!row.fedstream().contains("not checked")) {
                continue;
            }
            for (String path : row.paths()) {
                for (String kind : List.of(PropagationPolicyParser.NAMESPACED_KIND, PropagationPolicyParser.CLUSTER_KIND)) {
                    ParsedPolicy parsed = new PropagationPolicyParser().read(manifest(kind, path), null);
                    assertThat(parsed.errors()).as("%s says %s is accepted with any value, in a %s", DOC, path, kind).isEmpty();
                }
                checked.add(path);
            }
        }
        assertThat(checked).as("not-checked rows checked").contains("spec.preemption", "spec.dependentOverrides");
    }

    @Test
    void everyOverridePolicyRowSayingRefusedIsRefusedNamingTheFieldOrItsParent() {
        List<String> checked = new ArrayList<>();
        for (Row row : settled(section(OVERRIDES), "refused")) {
            for (String path : overridePaths(row)) {
                for (String kind : OVERRIDE_KINDS) {
                    List<FieldError> errors = new OverridePolicyParser().read(overrideManifest(kind, path), null).errors();
                    assertNamesFieldOrParent(errors, path, kind);
                }
                checked.add(path);
            }
        }
        assertThat(checked).as("refused override rows checked")
                .contains("spec.overrideRules[].overriders.fieldOverrider[]", "spec.overriders.fieldOverrider[]");
    }

    @Test
    void everyOverridePolicyRowSayingNotCheckedAcceptsAnyValue() {
        List<String> checked = new ArrayList<>();
        for (Row row : settled(section(OVERRIDES), "accepted, no effect")) {
            if (!row.fedstream().contains("not checked")) {
                continue;
            }
            for (String path : overridePaths(row)) {
                for (String kind : OVERRIDE_KINDS) {
                    List<FieldError> errors = new OverridePolicyParser().read(overrideManifest(kind, path), null).errors();
                    assertThat(errors).as("%s says %s is accepted with any value, in a %s", DOC, path, kind).isEmpty();
                }
                checked.add(path);
            }
        }
        assertThat(checked).as("not-checked override rows checked").contains("status", "metadata.labels");
    }

    private static void expectRefused(String kind, String path) {
        ParsedPolicy parsed = new PropagationPolicyParser().read(manifest(kind, path), null);
        assertNamesFieldOrParent(parsed.errors(), path, kind);
    }

    private static void assertNamesFieldOrParent(List<FieldError> errors, String path, String kind) {
        String concrete = path.replace("[]", "[0]");
        assertThat(errors)
                .as("%s says %s is refused in a %s; the parser's errors", DOC, path, kind)
                .extracting(FieldError::field)
                .anySatisfy(field -> assertThat(concrete.equals(field) || concrete.startsWith(field + ".")
                        || concrete.startsWith(field + "[")).as("%s names %s or a parent", field, concrete).isTrue());
    }

    /** The full paths of an override row: {@code overriders.x} is checked under each place overriders are written. */
    private static List<String> overridePaths(Row row) {
        List<String> out = new ArrayList<>();
        for (String path : row.paths()) {
            if (path.startsWith("overriders.")) {
                OVERRIDERS_AT.forEach(at -> out.add(at + path.substring("overriders.".length())));
            } else {
                out.add(path);
            }
        }
        return out;
    }

    /**
     * A valid policy of the kind, with an empty mapping at {@code path} ({@code []}: the first element of a list),
     * the fields on the way to it created as mappings, and the required {@code decisionConditions} of a
     * {@code failover.application} so created.
     */
    private static JsonNode manifest(String kind, String path) {
        ObjectNode root = policyRoot(kind, PropagationPolicyParser.NAMESPACED_KIND.equals(kind));
        root.putObject("spec").putArray("resourceSelectors").addObject().put("apiVersion", "apps/v1").put("kind", "Deployment");
        putEmptyMapping(root, path);
        JsonNode application = root.path("spec").path("failover").path("application");
        if (application.isObject() && !application.has("decisionConditions")) {
            ((ObjectNode) application).putObject("decisionConditions");
        }
        return root;
    }

    /** A valid override policy of the kind (no selectors, no rules) with an empty mapping at {@code path}, as above. */
    private static JsonNode overrideManifest(String kind, String path) {
        ObjectNode root = policyRoot(kind, OverridePolicyParser.NAMESPACED_KIND.equals(kind));
        root.putObject("spec");
        putEmptyMapping(root, path);
        return root;
    }

    /** apiVersion, kind and metadata of a policy named {@code p}, in namespace {@code team-a} when namespaced. */
    private static ObjectNode policyRoot(String kind, boolean namespaced) {
        ObjectNode root = JSON.createObjectNode().put("apiVersion", PropagationPolicyParser.API_VERSION).put("kind", kind);
        ObjectNode metadata = root.putObject("metadata").put("name", "p");
        if (namespaced) {
            metadata.put("namespace", "team-a");
        }
        return root;
    }

    /** Puts an empty mapping at {@code path} ({@code []}: the first element of a list), creating mappings on the way. */
    private static void putEmptyMapping(ObjectNode root, String path) {
        ObjectNode at = root;
        String[] segments = path.split("\\.");
        for (int i = 0; i < segments.length; i++) {
            boolean list = segments[i].endsWith("[]");
            String name = list ? segments[i].substring(0, segments[i].length() - 2) : segments[i];
            boolean last = i == segments.length - 1;
            if (list) {
                ArrayNode elements = at.has(name) && at.get(name).isArray() ? (ArrayNode) at.get(name) : at.putArray(name);
                at = elements.isEmpty() ? elements.addObject() : (ObjectNode) elements.get(0);
            } else if (last || !at.path(name).isObject()) {
                at = at.putObject(name);
            } else {
                at = (ObjectNode) at.get(name);
            }
        }
    }

    private static List<Row> section(String title) {
        assertThat(sections).as("sections of " + DOC).containsKey(title);
        return sections.get(title);
    }

    /** The rows with the status that no other branch is changing. */
    private static List<Row> settled(List<Row> rows, String status) {
        return rows.stream().filter(row -> row.says(status) && !row.inFlight()).toList();
    }

    /** Every name in the rows' paths: {@code spec.placement.clusterAffinities[].exclude} gives spec, placement, … */
    private static Set<String> segments(List<Row> rows) {
        Set<String> out = new TreeSet<>();
        for (Row row : rows) {
            for (String path : row.paths()) {
                for (String segment : path.split("\\.")) {
                    out.add(segment.replace("[]", ""));
                }
            }
        }
        return out;
    }

    /**
     * The field names a parser knows: every element of its static {@code *_FIELDS} lists and every key of its static maps
     * of fields it refuses. Read by reflection so that a list another branch adds is covered without a change here.
     */
    private static Set<String> fieldNames(Class<?> parser) throws IllegalAccessException {
        Set<String> out = new TreeSet<>();
        for (Field field : parser.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            field.setAccessible(true);
            Object value = field.get(null);
            if (field.getName().endsWith("_FIELDS") && value instanceof Collection<?> names) {
                names.forEach(name -> out.add((String) name));
            } else if (field.getName().equals("UNSUPPORTED") && value instanceof Map<?, ?> refused) {
                refused.keySet().forEach(name -> out.add((String) name));
            }
        }
        return out;
    }
}
