package io.fedstream.place;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Karmada's user guide, "Propagate with spreadConstraints and weight preference"
 * (docs/userguide/scheduling/resource-propagating.md): a policy that combines a cluster spread
 * constraint with static weights. Karmada's scheduler ignores the constraint ({@code shouldIgnoreSpreadConstraint})
 * and divides 3 replicas 1:2.
 */
class KarmadaUserGuidePolicyTest {

    private static final String POLICY = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: PropagationPolicy
            metadata:
              name: nginx-propagation
            spec:
              resourceSelectors:
                - apiVersion: apps/v1
                  kind: Deployment
                  name: nginx
              placement:
                clusterAffinity:
                  clusterNames:
                    - member1
                    - member2
                replicaScheduling:
                  replicaDivisionPreference: Weighted
                  replicaSchedulingType: Divided
                  weightPreference:
                    staticWeightList:
                      - targetCluster:
                          clusterNames:
                            - member1
                        weight: 1
                      - targetCluster:
                          clusterNames:
                            - member2
                        weight: 2
                spreadConstraints:
                  - spreadByField: cluster
                    maxGroups: 2
                    minGroups: 2
            """;

    @Test
    void isAcceptedAndDividesThreeReplicasOneToTwo() {
        ParsedPolicy parsed = new PropagationPolicyParser().parse(POLICY.getBytes(StandardCharsets.UTF_8), "default");
        assertThat(parsed.errors()).isEmpty();

        ClusterCapacity member1 = cluster("member1");
        ClusterCapacity member2 = cluster("member2");
        ScheduleResult result = new ReplicaScheduler().schedule(new ReplicaScheduler.Request(
                List.of(new ComponentDemand("main", 3, Resources.fromQuantities(Map.of("cpu", "100m")))), parsed.policy(),
                List.of(member1, member2), Set.of(), null));

        Map<String, Long> replicas = new LinkedHashMap<>();
        ((ScheduleResult.Scheduled) result).targets().forEach(target -> replicas.put(target.cluster(), target.replicas()));
        assertThat(replicas).containsOnly(Map.entry("member1", 1L), Map.entry("member2", 2L));
    }

    private static ClusterCapacity cluster(String name) {
        return new ClusterCapacity(name, Map.of(), List.of(), Resources.fromQuantities(Map.of("cpu", "8", "memory", "32Gi")),
                Resources.NONE, Resources.NONE, true, null);
    }
}
