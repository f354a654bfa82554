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
}
