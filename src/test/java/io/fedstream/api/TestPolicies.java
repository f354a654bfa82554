package io.fedstream.api;

import java.util.Map;

/** Propagation and override policies as the policies topic carries them, keyed {@code kind/namespace/name}: in force and refused. */
public final class TestPolicies {

    private TestPolicies() {}

    /**
     * Of each family, a policy in force in payments, one refused there and a cluster-scoped one: a Divided
     * PropagationPolicy, one with an unknown field and a ClusterPropagationPolicy; an OverridePolicy of two rules for
     * one Deployment, one with an unknown operator and a ClusterOverridePolicy of the deprecated single-rule form.
     */
    public static Map<String, String> fleet() {
        return Map.of(
                "PropagationPolicy/payments/payments", """
                        {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
                         "metadata": {"name": "payments", "namespace": "payments"},
                         "spec": {"priority": 5, "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}],
                                  "placement": {"replicaScheduling": {"replicaSchedulingType": "Divided",
                                                                      "replicaDivisionPreference": "Aggregated"}}}}""",
                "PropagationPolicy/payments/typo", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: PropagationPolicy
                        metadata: {name: typo, namespace: payments}
                        spec:
                          resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                          placement:
                            clusterAffinity: {clusterName: [member1]}
                        """,
                "ClusterPropagationPolicy//everywhere", """
                        {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterPropagationPolicy",
                         "metadata": {"name": "everywhere"},
                         "spec": {"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}]}}""",
                "OverridePolicy/payments/big", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: OverridePolicy
                        metadata: {name: big, namespace: payments}
                        spec:
                          resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                          overrideRules:
                            - targetCluster: {clusterNames: [member1]}
                              overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 5}]}
                            - overriders: {labelsOverrider: [{operator: add, value: {sized: big}}]}
                        """,
                "OverridePolicy/payments/broken", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: OverridePolicy
                        metadata: {name: broken, namespace: payments}
                        spec:
                          overrideRules:
                            - overriders: {plaintext: [{path: /spec/replicas, operator: set, value: 5}]}
                        """,
                "ClusterOverridePolicy//mirror", """
                        apiVersion: policy.karmada.io/v1alpha1
                        kind: ClusterOverridePolicy
                        metadata: {name: mirror}
                        spec:
                          overriders: {imageOverrider: [{component: Registry, operator: replace, value: mirror.example.com}]}
                        """);
    }
}
