package io.fedstream.interpret;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InterpretationRendererTest {

    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    private final List<Interpretation> interpretations = INTERPRETER.interpretDocuments("""
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: team-a}
            spec:
              replicas: 2
              template:
                spec:
                  containers: [{name: a, image: a, resources: {requests: {cpu: 1500m, memory: 1Gi}}}]
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: bad}
            spec:
              containers: [{name: a, resources: {requests: {memory: lots}}}]
            """.getBytes(java.nio.charset.StandardCharsets.UTF_8));

    @Test
    void jsonHasAFixedKeyOrder() {
        assertThat(InterpretationRenderer.toJson(interpretations)).isEqualToNormalizingNewlines("""
                [ {
                  "apiVersion" : "apps/v1",
                  "kind" : "Deployment",
                  "namespace" : "team-a",
                  "name" : "web",
                  "outcome" : "INTERPRETED",
                  "interpreter" : "built-in:apps/v1/Deployment",
                  "components" : [ {
                    "name" : "main",
                    "replicas" : 2,
                    "perPod" : {
                      "cpu" : "1500m",
                      "memory" : "1Gi"
                    },
                    "total" : {
                      "cpu" : "3",
                      "memory" : "2Gi"
                    }
                  } ],
                  "total" : {
                    "cpu" : "3",
                    "memory" : "2Gi"
                  }
                }, {
                  "apiVersion" : "v1",
                  "kind" : "Pod",
                  "namespace" : "default",
                  "name" : "bad",
                  "outcome" : "INVALID",
                  "interpreter" : "built-in:v1/Pod",
                  "components" : [ ],
                  "total" : { },
                  "errors" : [ {
                    "field" : "spec.containers[0].resources.requests.memory",
                    "value" : "lots",
                    "reason" : "is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)"
                  } ]
                } ]
                """);
    }

    @Test
    void yamlIsOneDocumentPerInterpretation() {
        String yaml = InterpretationRenderer.toYaml(interpretations);
        assertThat(yaml).startsWith("""
                ---
                apiVersion: apps/v1
                kind: Deployment
                namespace: team-a
                name: web
                outcome: INTERPRETED
                interpreter: built-in:apps/v1/Deployment
                components:
                - name: main
                  replicas: 2
                  perPod:
                    cpu: 1500m
                    memory: 1Gi
                  total:
                    cpu: "3"
                    memory: 2Gi
                total:
                  cpu: "3"
                  memory: 2Gi
                ---
                """);
        assertThat(yaml).endsWith("""
                ---
                apiVersion: v1
                kind: Pod
                namespace: default
                name: bad
                outcome: INVALID
                interpreter: built-in:v1/Pod
                components: []
                total: {}
                errors:
                - field: "spec.containers[0].resources.requests.memory"
                  value: lots
                  reason: "is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)"
                """);
    }

    @Test
    void limitsArePrintedWhereThePodHasAny() {
        List<Interpretation> limited = INTERPRETER.interpretDocuments("""
                apiVersion: ray.io/v1
                kind: RayCluster
                metadata: {name: ray, namespace: ml}
                spec:
                  headGroupSpec:
                    template:
                      spec:
                        containers: [{name: head, resources: {requests: {cpu: "1"}, limits: {cpu: "2", memory: 4Gi}}}]
                  workerGroupSpecs:
                  - groupName: workers
                    replicas: 2
                    template:
                      spec:
                        containers: [{name: worker, resources: {requests: {cpu: "1", memory: 1Gi}}}]
                """.getBytes(java.nio.charset.StandardCharsets.UTF_8));

        // The worker group's only limits are those of KubeRay's wait-gcs-ready init container.
        assertThat(InterpretationRenderer.toYaml(limited)).isEqualToNormalizingNewlines("""
                ---
                apiVersion: ray.io/v1
                kind: RayCluster
                namespace: ml
                name: ray
                outcome: INTERPRETED
                interpreter: built-in:ray.io/v1/RayCluster
                components:
                - name: head
                  replicas: 1
                  perPod:
                    cpu: "1"
                    memory: 4Gi
                  total:
                    cpu: "1"
                    memory: 4Gi
                  perPodLimits:
                    cpu: "2"
                    memory: 4Gi
                  totalLimits:
                    cpu: "2"
                    memory: 4Gi
                - name: workers
                  replicas: 2
                  minReplicas: 0
                  perPod:
                    cpu: "1"
                    memory: 1Gi
                  total:
                    cpu: "2"
                    memory: 2Gi
                  perPodLimits:
                    cpu: 200m
                    memory: 256Mi
                  totalLimits:
                    cpu: 400m
                    memory: 512Mi
                total:
                  cpu: "3"
                  memory: 6Gi
                totalLimits:
                  cpu: 2400m
                  memory: 4608Mi
                """);
        assertThat(InterpretationRenderer.toJson(limited))
                .contains("\"perPodLimits\" : {\n      \"cpu\" : \"2\",")
                .contains("\"totalLimits\" : {\n    \"cpu\" : \"2400m\",");
    }
}
