package io.fedstream.admit;

import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class QuotaParserTest {

    private final QuotaParser parser = new QuotaParser();

    private ParsedQuota parse(String yaml) {
        return parser.parse(yaml.getBytes(StandardCharsets.UTF_8), null);
    }

    private static String quota(String spec) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata:
                  name: team-quota
                  namespace: team-a
                spec:
                """ + spec.indent(2);
    }

    @Test
    void readsOverallAndStaticAssignmentsWithCanonicalKeys() {
        ParsedQuota parsed = parse(quota("""
                overall:
                  requests.cpu: "10"
                  memory: 20Gi
                  limits.cpu: 20
                  limits.memory: 40Gi
                  requests.nvidia.com/gpu: 4
                  hugepages-2Mi: 1Gi
                  requests.ephemeral-storage: 100G
                  pods: "30"
                staticAssignments:
                  - clusterName: member1
                    hard:
                      cpu: 4
                      nvidia.com/gpu: 2
                  - clusterName: member2
                    hard:
                      cpu: 6
                """));

        assertThat(parsed.errors()).isEmpty();
        FederatedResourceQuota q = parsed.quota();
        assertThat(q.key()).isEqualTo("team-a/team-quota");
        assertThat(q.overall().amounts()).containsExactly(
                entry("cpu", 10_000L),
                entry("ephemeral-storage", 100_000_000_000L),
                entry("hugepages-2Mi", 1L << 30),
                entry("limits.cpu", 20_000L),
                entry("limits.memory", 40L << 30),
                entry("memory", 20L << 30),
                entry("nvidia.com/gpu", 4_000L),
                entry("pods", 30_000L));
        assertThat(q.staticAssignments()).containsExactly(
                new FederatedResourceQuota.StaticAssignment("member1", Resources.of(Map.of("cpu", 4_000L, "nvidia.com/gpu", 2_000L))),
                new FederatedResourceQuota.StaticAssignment("member2", Resources.of(Map.of("cpu", 6_000L))));
        assertThat(q.assignment("member2")).map(FederatedResourceQuota.StaticAssignment::hard)
                .contains(Resources.of(Map.of("cpu", 6_000L)));
        assertThat(q.assignment("member3")).isEmpty();
    }

    @Test
    void readsJsonAndTakesTheNamespaceFromThePolicyKey() {
        String json = """
                {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "FederatedResourceQuota",
                 "metadata": {"name": "q"}, "spec": {"overall": {"cpu": "500m"}}}
                """;
        ParsedQuota parsed = parser.parse(json.getBytes(StandardCharsets.UTF_8), "team-b");

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.quota()).isEqualTo(new FederatedResourceQuota("team-b", "q", Resources.of(Map.of("cpu", 500L)), List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "cpus: 10 | spec.overall.cpus | 10 | is not a resource fedstream can charge",
        "count/deployments.apps: 5 | spec.overall[count/deployments.apps] | 5 | is an object count",
        "requests.storage: 10Gi | spec.overall[requests.storage] | 10Gi | is persistent volume claim storage",
        "storage: 10Gi | spec.overall.storage | 10Gi | is persistent volume claim storage",
        "limits.nvidia.com/gpu: 1 | spec.overall[limits.nvidia.com/gpu] | 1 | is not chargeable: only limits.cpu",
        "limits.hugepages-2Mi: 1Gi | spec.overall[limits.hugepages-2Mi] | 1Gi | is not chargeable: only limits.cpu",
        "kubernetes.io/foo: 1 | spec.overall[kubernetes.io/foo] | 1 | is not a resource fedstream can charge",
        "cpu: ten | spec.overall.cpu | ten | is not a Kubernetes quantity",
        "cpu: -1 | spec.overall.cpu | -1 | must not be negative",
        "ephemeral-storage: 1 Gi | spec.overall.ephemeral-storage | 1 Gi | is not a Kubernetes quantity",
        "pods: 2500m | spec.overall.pods | 2500m | must be a whole number",
        "nvidia.com/gpu: 0.5 | spec.overall[nvidia.com/gpu] | 0.5 | must be a whole number",
        "cpu: 1E | spec.overall.cpu | 1E | does not fit a 64-bit integer",
        "cpu: | spec.overall.cpu | null | must be a quantity",
    })
    void refusesAnUnchargeableKeyOrBadQuantityNamingFieldAndValue(String line, String field, String value, String reason) {
        ParsedQuota parsed = parse(quota("overall:\n  memory: 1Gi\n  " + line + "\n"));

        assertThat(parsed.isValid()).isFalse();
        assertThat(parsed.quota()).isNull();
        assertThat(parsed.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.value()).isEqualTo(value);
            assertThat(e.reason()).startsWith(reason);
        });
    }

    @Test
    void requestsCpuIsNotIgnoredButIsTheSameKeyAsCpu() {
        ParsedQuota parsed = parse(quota("overall:\n  requests.cpu: 2\n  requests.memory: 1Gi\n"));
        assertThat(parsed.quota().overall().amounts()).containsExactly(entry("cpu", 2_000L), entry("memory", 1L << 30));

        ParsedQuota both = parse(quota("overall:\n  cpu: 2\n  requests.cpu: 3\n"));
        assertThat(both.errors()).containsExactly(
                new FieldError("spec.overall[requests.cpu]", "3", "names the same resource as cpu; give it once"));
    }

    @Test
    void reportsEveryProblemAtOnce() {
        ParsedQuota parsed = parse("""
                apiVersion: policy.karmada.io/v1beta1
                kind: ResourceQuota
                metadata:
                  name: Team_Quota
                spec:
                  overall:
                    cpus: 1
                  dynamicAssignments: []
                """);

        assertThat(parsed.errors()).extracting(FieldError::message).containsExactly(
                "apiVersion: must be policy.karmada.io/v1alpha1 (value: policy.karmada.io/v1beta1)",
                "kind: must be FederatedResourceQuota (value: ResourceQuota)",
                "metadata.name: must be a lower-case DNS subdomain of at most 63 characters (value: Team_Quota)",
                "metadata.namespace: is required (or must be given by the policy key)",
                "spec.dynamicAssignments: is not a known field (expected overall, staticAssignments, hard) (value: [])",
                "spec.overall.cpus: " + QuotaKeys.whyNot("cpus") + " (value: 1)");
    }

    @Test
    void staticAssignmentsNeedUniqueValidClusterNamesAndValidKeys() {
        ParsedQuota parsed = parse(quota("""
                overall:
                  cpu: 10
                staticAssignments:
                  - clusterName: member1
                    hard:
                      cpu: 1
                  - clusterName: member1
                    hard:
                      cpus: 1
                  - clusterName: Member_2
                    hard:
                      cpu: 1
                  - hard:
                      cpu: 1
                  - clusterName: member3
                  - clusterName: member4
                    hard: {cpu: 1}
                    extra: true
                """));

        assertThat(parsed.errors()).extracting(FieldError::message).containsExactly(
                "spec.staticAssignments[1].clusterName: is also given at spec.staticAssignments[0].clusterName;"
                        + " each cluster has at most one static assignment (value: member1)",
                "spec.staticAssignments[1].hard.cpus: " + QuotaKeys.whyNot("cpus") + " (value: 1)",
                "spec.staticAssignments[2].clusterName: must be a cluster name: a lower-case DNS label of at most 48"
                        + " characters (value: Member_2)",
                "spec.staticAssignments[3].clusterName: is required",
                "spec.staticAssignments[4].hard: is required",
                "spec.staticAssignments[5].extra: is not a known field (expected clusterName, hard) (value: true)");
    }

    @Test
    void staticAssignmentsMayNotExceedOverallNorNameResourcesOverallDoesNotLimit() {
        ParsedQuota parsed = parse(quota("""
                overall:
                  cpu: 10
                  memory: 8Gi
                staticAssignments:
                  - clusterName: member1
                    hard:
                      cpu: 6
                      memory: 4Gi
                  - clusterName: member2
                    hard:
                      cpu: 4500m
                      pods: 3
                """));

        assertThat(parsed.errors()).extracting(FieldError::message).containsExactly(
                "spec.staticAssignments[1].hard.pods: is not limited in spec.overall; a static assignment may only split"
                        + " overall limits (value: 3)",
                "spec.overall.cpu: is less than the sum of the static assignments (10500m) (value: 10)");
    }

    @Test
    void staticAssignmentsMayAddUpToOverallExactly() {
        ParsedQuota parsed = parse(quota("""
                overall: {cpu: 10}
                staticAssignments:
                  - {clusterName: member1, hard: {cpu: 6}}
                  - {clusterName: member2, hard: {requests.cpu: 4}}
                """));
        assertThat(parsed.errors()).isEmpty();
    }

    @Test
    void namespaceOfManifestAndKeyMustAgree() {
        ParsedQuota parsed = parser.parse(quota("overall: {cpu: 1}").getBytes(StandardCharsets.UTF_8), "team-b");
        assertThat(parsed.errors()).extracting(FieldError::message).containsExactly(
                "metadata.namespace: differs from the namespace of the policy key (team-b) (value: team-a)");
    }

    @Test
    void refusesMissingSpecOverallAndBrokenDocuments() {
        assertThat(parse(quota("staticAssignments: []")).errors()).extracting(FieldError::message)
                .containsExactly("spec.overall: is required");
        assertThat(parse("apiVersion: policy.karmada.io/v1alpha1\nkind: FederatedResourceQuota\nmetadata: {name: q, namespace: a}\n")
                .errors()).extracting(FieldError::message).containsExactly("spec: is required");
        assertThat(parse("- 1\n").errors()).extracting(FieldError::message)
                .containsExactly("manifest: must be a mapping with apiVersion, kind, metadata and spec (value: [1])");
        assertThat(parse(quota("overall: {cpu: 1}") + "---\n" + quota("overall: {cpu: 2}")).errors())
                .extracting(FieldError::message).containsExactly("manifest: holds 2 documents; a quota event carries one");
        assertThat(parse("a: [").errors()).singleElement().satisfies(e -> assertThat(e.reason()).startsWith("is not valid YAML"));
        assertThat(parse(quota("overall:\n  cpu: 1\n  cpu: 2\n")).errors()).extracting(FieldError::reason).containsExactly("duplicate key");
    }

    @Test
    void theSeedsSpecHardIsReadAsSpecOverallWithANote() {
        ParsedQuota seed = parse(quota("""
                hard:
                  requests.cpu: "12"
                  memory: 32Gi
                staticAssignments:
                  - clusterName: member1
                    hard: {cpu: 4}
                """));
        ParsedQuota karmada = parse(quota("""
                overall:
                  requests.cpu: "12"
                  memory: 32Gi
                staticAssignments:
                  - clusterName: member1
                    hard: {cpu: 4}
                """));

        assertThat(seed.errors()).isEmpty();
        assertThat(seed.quota()).isEqualTo(karmada.quota());
        assertThat(seed.notes()).containsExactly(new ReadingNote("spec.hard",
                "read as spec.overall (the seed's spelling; Karmada v1.15 names the overall limits spec.overall)"));
        assertThat(karmada.notes()).isEmpty();
    }

    @Test
    void theSeedsSpecHardIsCheckedAsSpecOverallAndErrorsNameIt() {
        assertThat(parse(quota("hard: {cpus: 1}")).errors()).extracting(FieldError::field).containsExactly("spec.hard.cpus");
        assertThat(parse(quota("""
                hard: {cpu: 2}
                staticAssignments:
                  - clusterName: member1
                    hard: {cpu: 3, memory: 1Gi}
                """)).errors()).extracting(FieldError::message).containsExactly(
                "spec.staticAssignments[0].hard.memory: is not limited in spec.hard; a static assignment may only split overall limits (value: 1Gi)",
                "spec.hard.cpu: is less than the sum of the static assignments (3) (value: 2)");
    }

    @Test
    void specHardAndSpecOverallTogetherAreRefusedNamingBoth() {
        ParsedQuota both = parse(quota("overall: {cpu: 2}\nhard: {cpu: 4}"));

        assertThat(both.isValid()).isFalse();
        assertThat(both.notes()).isEmpty();
        assertThat(both.errors()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo("spec.hard");
            assertThat(e.reason()).isEqualTo("is the seed's spelling of spec.overall; give spec.overall or spec.hard, not both");
        });
    }

    @Test
    void canonicalKeys() {
        assertThat(QuotaKeys.canonical("requests.cpu")).isEqualTo("cpu");
        assertThat(QuotaKeys.canonical("requests.hugepages-1Gi")).isEqualTo("hugepages-1Gi");
        assertThat(QuotaKeys.canonical("requests.nvidia.com/gpu")).isEqualTo("nvidia.com/gpu");
        assertThat(QuotaKeys.canonical("limits.ephemeral-storage")).isEqualTo("limits.ephemeral-storage");
        assertThat(QuotaKeys.canonical("pods")).isEqualTo("pods");
        assertThat(QuotaKeys.canonical("requests.pods")).isNull();
        assertThat(QuotaKeys.canonical("hugepages-")).isNull();
        assertThat(QuotaKeys.canonical("example.com/")).isNull();
        assertThat(QuotaKeys.canonical("Example.com/gpu")).isNull();
        assertThat(QuotaKeys.isInteger("pods")).isTrue();
        assertThat(QuotaKeys.isInteger("nvidia.com/gpu")).isTrue();
        assertThat(QuotaKeys.isInteger("cpu")).isFalse();
    }
}
