package io.fedstream.interpret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LuaCustomizationTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            spec:
              replicas: 3
              template:
                spec:
                  containers: [{name: app, image: nginx, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
            """;

    private static String ric(String name, String kind, String operation, String script) {
        return "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {name: " + name + "}\n"
                + "spec:\n  target: {apiVersion: apps/v1, kind: " + kind + "}\n  customizations:\n    " + operation
                + ":\n      luaScript: |\n" + script.lines().map(l -> "        " + l + "\n").reduce("", String::concat);
    }

    private static final String DOUBLED_REPLICAS = ric("doubled", "Deployment", "replicaResource", """
            local kube = require("kube")
            function GetReplicas(obj)
              return obj.spec.replicas * 2, kube.accuratePodRequirements(obj.spec.template)
            end
            """);

    private static List<LuaCustomization> load(String yaml) {
        return LuaCustomization.load(yaml.getBytes(StandardCharsets.UTF_8), "test.yaml");
    }

    private static Interpreter with(String yaml) {
        return Interpreter.builtIn().withCustomizations(List.of(), load(yaml));
    }

    @Test
    void aReplicaResourceScriptCountsThePodsOfAKindInPlaceOfTheBuiltIn() {
        Interpretation result = with(DOUBLED_REPLICAS).interpret(DEPLOYMENT);

        assertThat(result.errors()).isEmpty();
        assertThat(result.interpreter()).isEqualTo("lua:doubled");
        assertThat(result.components()).extracting(ComponentRequirement::name, ComponentRequirement::replicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("main", 6L));
        assertThat(result.total()).isEqualTo(Resources.fromQuantities(java.util.Map.of("cpu", "3", "memory", "6Gi")));
        assertThat(Interpreter.builtIn().interpret(DEPLOYMENT).components().get(0).replicas()).isEqualTo(3);
    }

    @Test
    void aLoopingScriptMakesTheWorkloadInvalidNamingTheCustomization() {
        Interpretation result = with(ric("spins", "Deployment", "replicaResource", "function GetReplicas(obj)\n  while true do end\nend"))
                .interpret(DEPLOYMENT);

        assertThat(result.outcome()).isEqualTo(Interpretation.Outcome.INVALID);
        assertThat(result.errors()).singleElement().extracting(FieldError::message).asString()
                .startsWith("ResourceInterpreterCustomization spins, replicaResource: was stopped after ")
                .endsWith("(a loop that does not end?)");
    }

    @Test
    void aScriptThatReturnsABadCountIsAnErrorNamingIt() {
        Interpretation result = with(ric("half", "Deployment", "replicaResource", "function GetReplicas(obj)\n  return 2.5, nil\nend"))
                .interpret(DEPLOYMENT);

        assertThat(result.errors()).extracting(FieldError::message).containsExactly(
                "ResourceInterpreterCustomization half, replicaResource: GetReplicas(): must be a whole number from 0 to 2147483647"
                        + " (a replica count) (value: 2.5)");
    }

    @Test
    void aScriptThatDoesNotCompileIsRefusedWhenLoaded() {
        assertThatThrownBy(() -> load(ric("broken", "Deployment", "replicaResource", "function GetReplicas(obj\nend")))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessageStartingWith("ResourceInterpreterCustomization broken in test.yaml: spec.customizations.replicaResource.luaScript: does not compile: ");
    }

    @Test
    void twoCustomizationsWithAScriptForTheSameOperationAndTargetAreRefusedAsKarmadasWebhookRefusesThem() {
        assertThatThrownBy(() -> load(DOUBLED_REPLICAS + "---\n" + ric("other", "Deployment", "replicaResource", "function GetReplicas(o) return 1 end")))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessageContaining("spec.customizations.replicaResource: conflicts with the same operation of ResourceInterpreterCustomization doubled");
        // different operations of one target are fine, as in Karmada
        assertThat(load(DOUBLED_REPLICAS + "---\n" + ric("health", "Deployment", "healthInterpretation",
                "function InterpretHealth(o) return o.status ~= nil end"))).hasSize(2);
    }

    @Test
    void anInterpreterCustomizationAndAScriptThatBothCountTheSamePodsAreRefused() {
        List<InterpreterCustomization> declarative = InterpreterCustomization.load("""
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: web}
                spec:
                  target: {apiVersion: apps/v1, kind: Deployment}
                  components: []
                """.getBytes(StandardCharsets.UTF_8), "ic.yaml");
        assertThatThrownBy(() -> Interpreter.builtIn().withCustomizations(declarative, load(DOUBLED_REPLICAS)))
                .isInstanceOf(InvalidCustomizationException.class)
                .hasMessageContaining("is the target of both InterpreterCustomization web (ic.yaml) and ResourceInterpreterCustomization doubled");
    }

    @Test
    void aLaterCustomizationReplacesAnEarlierOneThatConflicts() {
        InterpreterExtensions earlier = InterpreterExtensions.load(DOUBLED_REPLICAS.getBytes(StandardCharsets.UTF_8), "a.yaml");
        InterpreterExtensions later = InterpreterExtensions.load(ric("tripled", "Deployment", "replicaResource",
                "function GetReplicas(obj) return obj.spec.replicas * 3 end").getBytes(StandardCharsets.UTF_8), "b.yaml");

        InterpreterExtensions layered = earlier.with(later);

        assertThat(layered.luaCustomizations()).extracting(LuaCustomization::name).containsExactly("tripled");
        assertThat(layered.interpreter().interpret(DEPLOYMENT).components().get(0).replicas()).isEqualTo(9);
    }

    @Test
    void theOtherOperationsRunTheirScripts() throws Exception {
        Interpreter interpreter = with(ric("health", "Deployment", "healthInterpretation",
                "function InterpretHealth(o) return o.status ~= nil and o.status.readyReplicas == o.spec.replicas end")
                + "---\n" + ric("deps", "Deployment", "dependencyInterpretation", """
                local kube = require("kube")
                function GetDependencies(o)
                  return kube.getPodDependencies(o.spec.template, o.metadata.namespace)
                end
                """));
        ObjectMapper json = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        var ready = json.readTree(DEPLOYMENT + "status: {readyReplicas: 3}\n");
        var deployment = json.readTree(DEPLOYMENT.replace("image: nginx,", "image: nginx, envFrom: [{configMapRef: {name: settings}}],"));

        assertThat(interpreter.interpretHealth(ready)).contains(true);
        assertThat(interpreter.interpretHealth(json.readTree(DEPLOYMENT))).contains(false);
        assertThat(interpreter.dependencies(deployment)).contains(List.of(new DependentObject("v1", "ConfigMap", "shop", "settings", null)));
        assertThat(interpreter.reviseReplica(deployment, 2)).isEmpty();
        assertThat(Interpreter.builtIn().interpretHealth(ready)).isEmpty();
    }
}
