package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Karmada's default dependency interpretation: what the pods use by name. */
class DependenciesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPodTemplatesConfigMapsSecretsServiceAccountAndClaimsAreFound() throws Exception {
        String deployment = """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"template":{"spec":{
                  "serviceAccountName":"web-sa","imagePullSecrets":[{"name":"registry"}],
                  "initContainers":[{"name":"init","env":[{"name":"A","valueFrom":{"secretKeyRef":{"name":"init-secret","key":"a"}}}]}],
                  "containers":[{"name":"web","envFrom":[{"configMapRef":{"name":"web-config"}},{"secretRef":{"name":"web-secret"}}],
                    "env":[{"name":"B","valueFrom":{"configMapKeyRef":{"name":"web-flags","key":"b"}}},{"name":"C","value":"c"}]}],
                  "volumes":[{"name":"v1","configMap":{"name":"web-files"}},{"name":"v2","secret":{"secretName":"tls"}},
                    {"name":"v3","projected":{"sources":[{"configMap":{"name":"projected-config"}},{"secret":{"name":"projected-secret"}}]}},
                    {"name":"v4","persistentVolumeClaim":{"claimName":"data"}},{"name":"v5","csi":{"driver":"d","nodePublishSecretRef":{"name":"csi"}}},
                    {"name":"v6","emptyDir":{}}]}}}}""";

        assertThat(Dependencies.of(JSON.readTree(deployment), "shop")).containsExactlyInAnyOrder(
                "core/ConfigMap/shop/web-config", "core/ConfigMap/shop/web-flags", "core/ConfigMap/shop/web-files",
                "core/ConfigMap/shop/projected-config", "core/Secret/shop/registry", "core/Secret/shop/init-secret",
                "core/Secret/shop/web-secret", "core/Secret/shop/tls", "core/Secret/shop/projected-secret", "core/Secret/shop/csi",
                "core/ServiceAccount/shop/web-sa", "core/PersistentVolumeClaim/shop/data");
    }

    @Test
    void theDefaultServiceAccountAndAStatefulSetsOwnClaimsAreNotDependencies() throws Exception {
        String statefulSet = """
                {"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"db"},"spec":{
                  "template":{"spec":{"serviceAccountName":"default","containers":[{"name":"db"}],
                    "volumes":[{"name":"data","persistentVolumeClaim":{"claimName":"data"}},{"name":"x","persistentVolumeClaim":{"claimName":"shared"}}]}},
                  "volumeClaimTemplates":[{"metadata":{"name":"data"}}]}}""";

        assertThat(Dependencies.of(JSON.readTree(statefulSet), "shop")).containsExactly("core/PersistentVolumeClaim/shop/shared");
    }

    @Test
    void aCronJobsJobTemplateAndAnIngresssTlsSecretsAreRead() throws Exception {
        String cronJob = """
                {"apiVersion":"batch/v1","kind":"CronJob","spec":{"jobTemplate":{"spec":{"template":{"spec":{
                  "containers":[{"name":"c","envFrom":[{"configMapRef":{"name":"nightly"}}]}]}}}}}}""";
        String ingress = """
                {"apiVersion":"networking.k8s.io/v1","kind":"Ingress","spec":{"tls":[{"secretName":"web-tls"},{"hosts":["a"]}]}}""";

        assertThat(Dependencies.of(JSON.readTree(cronJob), "ops")).containsExactly("core/ConfigMap/ops/nightly");
        assertThat(Dependencies.of(JSON.readTree(ingress), "shop")).containsExactly("core/Secret/shop/web-tls");
    }

    @Test
    void aKindKarmadaHasNoDependencyInterpretationForHasNone() throws Exception {
        String replicaSet = """
                {"apiVersion":"apps/v1","kind":"ReplicaSet","spec":{"template":{"spec":{"containers":[{"name":"c",
                  "envFrom":[{"configMapRef":{"name":"x"}}]}]}}}}""";

        assertThat(Dependencies.of(JSON.readTree(replicaSet), "shop")).isEmpty();
    }
}
