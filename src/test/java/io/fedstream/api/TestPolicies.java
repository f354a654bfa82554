package io.fedstream.api;

import java.util.Map;

/** Propagation policies as the policies topic carries them, keyed {@code kind/namespace/name}: in force and refused. */
public final class TestPolicies {

    private TestPolicies() {}

    /** A Divided PropagationPolicy in payments, one refused for an unknown field in payments, and a ClusterPropagationPolicy. */
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
                            clusterAffinity: {clusterName: [member-1]}
                        """,
                "ClusterPropagationPolicy//everywhere", """
                        {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterPropagationPolicy",
                         "metadata": {"name": "everywhere"},
                         "spec": {"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}]}}""");
    }
}
