package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.WorkHealth;
import org.junit.jupiter.api.Test;

/** Karmada's default health interpretation of a propagated object. */
class ObjectHealthTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static WorkHealth of(String json) throws Exception {
        return ObjectHealth.of(JSON.readTree(json));
    }

    @Test
    void aDeploymentIsHealthyOnceItsReplicasAreUpdatedAndAvailableForItsGeneration() throws Exception {
        assertThat(of("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"generation":2},"spec":{"replicas":2},
                 "status":{"observedGeneration":2,"updatedReplicas":2,"availableReplicas":2}}""")).isEqualTo(WorkHealth.HEALTHY);
        assertThat(of("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"generation":2},"spec":{"replicas":2},
                 "status":{"observedGeneration":2,"updatedReplicas":2,"availableReplicas":1}}""")).isEqualTo(WorkHealth.UNHEALTHY);
        assertThat(of("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"generation":3},"spec":{"replicas":2},
                 "status":{"observedGeneration":2,"updatedReplicas":2,"availableReplicas":2}}""")).isEqualTo(WorkHealth.UNHEALTHY);
    }

    @Test
    void aLoadBalancerNeedsAnAddressAClaimMustBeBoundAndAPodRunningAndReady() throws Exception {
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"spec\":{\"type\":\"ClusterIP\"}}")).isEqualTo(WorkHealth.HEALTHY);
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"spec\":{\"type\":\"LoadBalancer\"}}")).isEqualTo(WorkHealth.UNHEALTHY);
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"spec\":{\"type\":\"LoadBalancer\"},"
                + "\"status\":{\"loadBalancer\":{\"ingress\":[{\"ip\":\"1.2.3.4\"}]}}}")).isEqualTo(WorkHealth.HEALTHY);
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolumeClaim\",\"status\":{\"phase\":\"Pending\"}}")).isEqualTo(WorkHealth.UNHEALTHY);
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"status\":{\"phase\":\"Running\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}"))
                .isEqualTo(WorkHealth.HEALTHY);
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"status\":{\"phase\":\"Running\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"False\"}]}}"))
                .isEqualTo(WorkHealth.UNHEALTHY);
    }

    @Test
    void aKindWithoutAnInterpretationIsHealthyButAFailedFlinkJobIsNot() throws Exception {
        assertThat(of("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"data\":{}}")).isEqualTo(WorkHealth.HEALTHY);
        assertThat(of("{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\",\"status\":{\"jobStatus\":{\"state\":\"FAILED\"}}}"))
                .isEqualTo(WorkHealth.UNHEALTHY);
        assertThat(of("{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\",\"status\":{\"jobStatus\":{\"state\":\"RUNNING\"}}}"))
                .isEqualTo(WorkHealth.HEALTHY);
    }
}
