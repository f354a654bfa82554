package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.KindRef;
import org.junit.jupiter.api.Test;

class ServedKindsTest {

    @Test
    void theAgentWatchesWorkloadsNotEveryConfigMapSecretAndServiceOfTheCluster() {
        assertThat(ServedKinds.workloadKinds()).contains(KindRef.of("apps/v1", "Deployment"), KindRef.of("flink.apache.org/v1beta1", "FlinkDeployment"))
                .doesNotContain(KindRef.of("v1", "ConfigMap"), KindRef.of("v1", "Secret"), KindRef.of("v1", "Service"),
                        KindRef.of("autoscaling/v2", "HorizontalPodAutoscaler"));
    }

    @Test
    void everyKindTheClusterServesIsListedByDiscoveryWithoutSubresources() {
        io.fabric8.kubernetes.client.server.mock.KubernetesMockServer server =
                new io.fabric8.kubernetes.client.server.mock.KubernetesMockServer(false);
        server.init();
        try {
            server.expect().get().withPath("/apis").andReturn(200, """
                    {"kind":"APIGroupList","apiVersion":"v1","groups":[
                      {"name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}]},
                      {"name":"flink.apache.org","versions":[{"groupVersion":"flink.apache.org/v1beta1","version":"v1beta1"}]}]}""").always();
            server.expect().get().withPath("/api/v1").andReturn(200, """
                    {"kind":"APIResourceList","groupVersion":"v1","resources":[
                      {"name":"pods","namespaced":true,"kind":"Pod","verbs":["get"]},
                      {"name":"pods/status","namespaced":true,"kind":"Pod","verbs":["get"]}]}""").always();
            server.expect().get().withPath("/apis/apps/v1").andReturn(200, """
                    {"kind":"APIResourceList","groupVersion":"apps/v1","resources":[
                      {"name":"deployments","namespaced":true,"kind":"Deployment","verbs":["get"]}]}""").always();
            server.expect().get().withPath("/apis/flink.apache.org/v1beta1").andReturn(200, """
                    {"kind":"APIResourceList","groupVersion":"flink.apache.org/v1beta1","resources":[
                      {"name":"flinkdeployments","namespaced":true,"kind":"FlinkDeployment","verbs":["get"]},
                      {"name":"flinksessionjobs","namespaced":true,"kind":"FlinkSessionJob","verbs":["get"]}]}""").always();

            assertThat(new ServedKinds(server.createClient()).all()).containsExactly("apps/v1/Deployment",
                    "flink.apache.org/v1beta1/FlinkDeployment", "flink.apache.org/v1beta1/FlinkSessionJob", "v1/Pod");
        } finally {
            server.destroy();
        }
    }

    @Test
    void theTestsMemberClusterListsItsBuiltInGroupsBesideItsCrdsAsAnApiServerDoes() throws Exception {
        try (MockCluster cluster = new MockCluster()) {
            assertThat(new ServedKinds(cluster.client()).all()).as("what its heartbeats say it serves, so placement may choose it")
                    .contains("apps/v1/Deployment", "batch/v1/Job", "v1/ConfigMap", "flink.apache.org/v1beta1/FlinkDeployment");
        }
    }

    @Test
    void theExecutorLooksUpEveryKindABindingMayName() {
        assertThat(ServedKinds.interpreterKinds()).containsAll(ServedKinds.workloadKinds())
                .contains(KindRef.of("v1", "ConfigMap"), KindRef.of("v1", "Secret"), KindRef.of("networking.k8s.io/v1", "Ingress"));
    }
}
