package io.fedstream.place;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a refused policy would select (to name it when a workload waits for a policy), and the example policy of the docs. */
class PolicySelectionTest {

    private final PropagationPolicyParser parser = new PropagationPolicyParser();
    private final PolicyMatcher matcher = new PolicyMatcher();

    private static byte[] bytes(String manifest) {
        return manifest.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aPolicyRefusedForAFieldOutsideItsSelectorsStillSaysWhatItWouldSelect() {
        byte[] manifest = bytes("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"priority":7,"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","name":"web"}],"bogus":1}}""");

        assertThat(parser.parse(manifest, "team-a").isValid()).isFalse();
        PropagationPolicy selection = parser.selection(manifest, "team-a").orElseThrow();

        assertThat(selection.name()).isEqualTo("web");
        assertThat(selection.namespace()).isEqualTo("team-a");
        assertThat(selection.priority()).isEqualTo(7);
        assertThat(selection.resourceSelectors()).containsExactly(new ResourceSelector("apps/v1", "Deployment", null, "web", null));
        assertThat(matcher.match(new WorkloadRef("apps/v1", "Deployment", "team-a", "web", Map.of()), selection))
                .isEqualTo(ResourceSelector.Match.NAME);
    }

    @Test
    void aPolicyWhoseSelectorsOrNameCannotBeReadSelectsNothing() {
        assertThat(parser.selection(bytes("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"web","namespace":"team-a"},
                 "spec":{"resourceSelectors":[{"kind":"Deployment"}]}}"""), "team-a")).isEmpty();
        assertThat(parser.selection(bytes("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy","metadata":{"name":"Web!","namespace":"team-a"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment"}]}}"""), "team-a")).isEmpty();
        assertThat(parser.selection(bytes("[1, 2]"), null)).isEmpty();
    }

    @Test
    void theExamplePolicyIsValidAndSelectsTheExampleFlinkJob() throws IOException {
        ParsedPolicy parsed = parser.parse(Files.readAllBytes(Path.of("docs/examples/propagationpolicy.yaml")), null);

        assertThat(parsed.errors()).isEmpty();
        assertThat(matcher.match(new WorkloadRef("flink.apache.org/v1beta1", "FlinkDeployment", "analytics", "sessionizer", Map.of()),
                parsed.policy())).isEqualTo(ResourceSelector.Match.NAME);
        assertThat(Files.readString(Path.of("docs/examples/flinkdeployment.yaml")))
                .contains("apiVersion: flink.apache.org/v1beta1", "name: sessionizer", "namespace: analytics");
    }
}
