package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.FieldError;
import io.fedstream.place.PropagationPolicyParser;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A statePreservation path fedstream cannot read refuses the policy, under failover.cluster as under failover.application. */
class PropagationPolicyProblemsTest {

    @Test
    void aClusterFailoverRuleWithAnUnreadablePathIsAProblemNamingItsField() {
        String manifest = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: p, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  failover:
                    cluster:
                      statePreservation:
                        rules:
                          - {aliasLabelName: ok, jsonPath: "{.jobStatus.jobId}"}
                          - {aliasLabelName: ids, jsonPath: "{.items[*].id}"}
                """;

        var parsed = new PropagationPolicyParser().parse(manifest.getBytes(StandardCharsets.UTF_8), null);

        assertThat(PropagationPolicies.problems(parsed)).extracting(FieldError::field, FieldError::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("spec.failover.cluster.statePreservation.rules[1].jsonPath", "{.items[*].id}"));
    }
}
