package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestPolicies;
import io.fedstream.api.TestStores;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fedstream get propagationpolicies}, {@code get overridepolicies} and their cluster-scoped kinds against a query server over a policies
 * store holding fixed policies.
 */
class GetPoliciesCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    @AfterEach
    void stop() {
        stores.close();
    }

    private void serve(Map<String, String> policies) {
        url = "http://127.0.0.1:" + stores.policies(policies).serve(Optional.of(TOKEN)).endpoint().port();
    }

    @Test
    void everyNamespaceShowsBothKindsInForceOrRefusedWithTheFirstProblem() {
        serve(TestPolicies.fleet());

        CliRunner result = get("pp", "-A");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo("""
                KIND                       NAMESPACE   NAME         PRIORITY   SCHEDULING   IN-FORCE   PROBLEM
                PropagationPolicy          payments    payments     5          Divided      True       -
                PropagationPolicy          payments    typo         0          Duplicated   False      spec.placement.clusterAffinity.clusterName: \
                is not a known field (expected clusterNames, exclude, labelSelector, fieldSelector) (value: ["member1"])
                ClusterPropagationPolicy   -           everywhere   0          Duplicated   True       -
                """);
    }

    @Test
    void aNamespaceShowsItsPropagationPoliciesAndANameOneAsYaml() {
        serve(TestPolicies.fleet());

        CliRunner payments = get("propagationpolicies", "-n", "payments");
        CliRunner shop = get("propagationpolicies", "-n", "shop");
        CliRunner typo = get("propagationpolicy", "typo", "-n", "payments", "-o", "yaml");
        CliRunner absent = get("propagationpolicy", "nope", "-n", "payments");

        assertThat(payments.out().lines().toList()).hasSize(3).noneMatch(line -> line.contains("everywhere"));
        assertThat(shop.exitCode()).isZero();
        assertThat(shop.err()).isEqualTo("No propagationpolicies found in shop namespace.\n");
        assertThat(typo.out()).startsWith("apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata:\n  name: typo\n")
                .contains("  inForce: false\n");
        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.err()).isEqualTo("error: propagationpolicy payments/nope not found\n");
    }

    @Test
    void overridePoliciesShowTheirSelectorsAndRulesInForceOrRefused() {
        serve(TestPolicies.fleet());

        CliRunner all = get("op", "-A");
        CliRunner big = get("overridepolicy", "big", "-n", "payments", "-o", "json");
        CliRunner absent = get("overridepolicy", "payments", "-n", "payments");

        assertThat(all.exitCode()).as(all.err()).isZero();
        assertThat(all.out()).isEqualTo("""
                KIND                    NAMESPACE   NAME     SELECTORS   RULES   IN-FORCE   PROBLEM
                OverridePolicy          payments    big      1           2       True       -
                OverridePolicy          payments    broken   all         1       False      \
                spec.overrideRules[0].overriders.plaintext[0].operator: must be one of add, remove, replace (value: set)
                ClusterOverridePolicy   -           mirror   all         1       True       -
                """);
        assertThat(big.out()).contains("\"kind\" : \"OverridePolicy\"").contains("\"inForce\" : true");
        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.err()).isEqualTo("error: overridepolicy payments/payments not found\n");
    }

    @Test
    void theClusterScopedPoliciesAloneWithoutKindAndNamespaceAndOneByName() {
        serve(TestPolicies.fleet());

        CliRunner cpp = get("cpp");
        CliRunner cop = get("clusteroverridepolicies");
        CliRunner mirror = get("cop", "mirror", "-o", "yaml");
        CliRunner absent = get("clusterpropagationpolicy", "payments");

        assertThat(cpp.exitCode()).as(cpp.err()).isZero();
        assertThat(cpp.out()).isEqualTo("""
                NAME         PRIORITY   SCHEDULING   IN-FORCE   PROBLEM
                everywhere   0          Duplicated   True       -
                """);
        assertThat(cop.out()).isEqualTo("""
                NAME     SELECTORS   RULES   IN-FORCE   PROBLEM
                mirror   all         1       True       -
                """);
        assertThat(mirror.out()).startsWith("apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterOverridePolicy\nmetadata:\n  name: mirror\n");
        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.err()).isEqualTo("error: clusterpropagationpolicy payments not found\n");
    }

    @Test
    void severalTypesCommaSeparatedShowEachInTurnAndAClusterScopedTypeIgnoresTheNamespace() {
        serve(TestPolicies.fleet());

        CliRunner both = get("pp,cpp", "-A");
        CliRunner clusterScoped = get("cop", "-n", "payments");
        CliRunner unknown = get("pp,nope", "-A");

        assertThat(both.exitCode()).as(both.err()).isZero();
        assertThat(both.out()).isEqualTo(get("pp", "-A").out() + "\n" + get("cpp").out());
        assertThat(clusterScoped.exitCode()).as(clusterScoped.err()).isZero();
        assertThat(clusterScoped.out()).isEqualTo(get("cop").out());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.out()).isEmpty();
        assertThat(unknown.err()).startsWith("no resource type \"nope\": one of resourcebindings, clusterresourcebindings, quotas, aggregates, clusters,");
    }

    @Test
    void noPolicyAtAllSaysSo() {
        serve(Map.of());

        CliRunner result = get("propagationpolicies", "-A");
        CliRunner overrides = get("overridepolicies", "-A");
        CliRunner clusterOverrides = get("cop");

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEqualTo("No propagationpolicies found.\n");
        assertThat(overrides.err()).isEqualTo("No overridepolicies found.\n");
        assertThat(clusterOverrides.exitCode()).isZero();
        assertThat(clusterOverrides.err()).isEqualTo("No clusteroverridepolicies found.\n");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
