package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.lua.LuaScriptException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a workload depends on: its kind's dependencyInterpretation scripts, else Karmada's default (what the pods use by name). */
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

        assertThat(Dependencies.builtIn(JSON.readTree(deployment), "shop")).containsExactlyInAnyOrder(
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

        assertThat(Dependencies.builtIn(JSON.readTree(statefulSet), "shop")).containsExactly("core/PersistentVolumeClaim/shop/shared");
    }

    @Test
    void aCronJobsJobTemplateAndAnIngresssTlsSecretsAreRead() throws Exception {
        String cronJob = """
                {"apiVersion":"batch/v1","kind":"CronJob","spec":{"jobTemplate":{"spec":{"template":{"spec":{
                  "containers":[{"name":"c","envFrom":[{"configMapRef":{"name":"nightly"}}]}]}}}}}}""";
        String ingress = """
                {"apiVersion":"networking.k8s.io/v1","kind":"Ingress","spec":{"tls":[{"secretName":"web-tls"},{"hosts":["a"]}]}}""";

        assertThat(Dependencies.builtIn(JSON.readTree(cronJob), "ops")).containsExactly("core/ConfigMap/ops/nightly");
        assertThat(Dependencies.builtIn(JSON.readTree(ingress), "shop")).containsExactly("core/Secret/shop/web-tls");
    }

    @Test
    void aKindKarmadaHasNoDependencyInterpretationForHasNone() throws Exception {
        String replicaSet = """
                {"apiVersion":"apps/v1","kind":"ReplicaSet","spec":{"template":{"spec":{"containers":[{"name":"c",
                  "envFrom":[{"configMapRef":{"name":"x"}}]}]}}}}""";

        assertThat(Dependencies.builtIn(JSON.readTree(replicaSet), "shop")).isEmpty();
    }
    @Test
    void theKindsDependencyScriptsSayTheDependenciesByNameAndByLabelSelectorInPlaceOfTheDefault() throws Exception {
        Interpreter scripted = Scripts.inForce(Scripts.customization("web-deps", "apps/v1", "Deployment",
                Scripts.script("dependencyInterpretation", """
                        function GetDependencies(desiredObj)
                          return {
                            {apiVersion = "v1", kind = "ConfigMap", namespace = desiredObj.metadata.namespace, name = "web-settings"},
                            {apiVersion = "v1", kind = "Secret", namespace = desiredObj.metadata.namespace,
                             labelSelector = {matchLabels = {app = "web"}}},
                            {apiVersion = "rbac.authorization.k8s.io/v1", kind = "ClusterRole", name = "web-reader"}
                          }
                        end"""))).interpreter();
        JsonNode deployment = JSON.readTree("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},"spec":{"template":{"spec":{
                  "containers":[{"name":"web","envFrom":[{"configMapRef":{"name":"web-config"}}]}]}}}}""");
        Dependencies.Selection secrets = (group, kind, namespace, selector) -> group.equals("core") && kind.equals("Secret")
                && namespace.equals("shop") && selector.matches(Map.of("app", "web")) && !selector.matches(Map.of("app", "db"))
                ? List.of("core/Secret/shop/web-tls", "core/Secret/shop/web-token") : List.of();

        assertThat(new Dependencies(scripted).of(deployment, "shop", secrets)).as("in Karmada's order: apiVersion, kind, namespace, name")
                .containsExactly("rbac.authorization.k8s.io/ClusterRole//web-reader", "core/ConfigMap/shop/web-settings",
                        "core/Secret/shop/web-tls", "core/Secret/shop/web-token");
        assertThat(new Dependencies(Interpreter.builtIn()).of(deployment, "shop", secrets)).containsExactly("core/ConfigMap/shop/web-config");
    }

    @Test
    void aDependencyScriptThatFailsOrReturnsABadReferenceSaysWhichCustomization() throws Exception {
        Interpreter unnamed = Scripts.inForce(Scripts.customization("web-deps", "apps/v1", "Deployment",
                Scripts.script("dependencyInterpretation", "function GetDependencies(desiredObj) return {{apiVersion = \"v1\", kind = \"Secret\"}} end")))
                .interpreter();
        JsonNode deployment = JSON.readTree("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"}}");

        assertThatThrownBy(() -> new Dependencies(unnamed).of(deployment, "shop", (group, kind, namespace, selector) -> List.of()))
                .isInstanceOf(LuaScriptException.class)
                .hasMessageStartingWith("ResourceInterpreterCustomization web-deps, dependencyInterpretation: dependency can not leave name"
                        + " and labelSelector all empty");
    }
}
