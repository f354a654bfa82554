package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.place.ClusterTopology;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OverrideApplierTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ClusterTarget MEMBER_1 = ClusterTarget.of("member1", Map.of("env", "prod"));
    private static final ClusterTarget MEMBER_2 = ClusterTarget.of("member2", Map.of("env", "test"));

    private final OverrideApplier applier = new OverrideApplier();

    private static final String DEPLOYMENT = """
            {"apiVersion": "apps/v1", "kind": "Deployment",
             "metadata": {"name": "web", "namespace": "team-a", "labels": {"app": "web"}},
             "spec": {"replicas": 2, "template": {"spec": {
               "initContainers": [{"name": "init", "image": "busybox:1.36"}],
               "containers": [
                 {"name": "web", "image": "fictional.registry.example/imagename:v1.0.0", "args": ["--debug", "--port=80"]},
                 {"name": "sidecar", "image": "registry.k8s.io/nginx:0.8"}]}}}}
            """;

    private static OverridePolicy policy(String yaml) {
        ParsedOverridePolicy parsed = new OverridePolicyParser().parse(yaml.getBytes(StandardCharsets.UTF_8), null);
        assertThat(parsed.errors()).isEmpty();
        return parsed.policy();
    }

    private static OverridePolicy namespaced(String name, String selectors, String rules) {
        return policy("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: %s, namespace: team-a}
                spec:
                %s
                %s
                """.formatted(name, selectors.indent(2), rules.indent(2)));
    }

    private static OverridePolicy clusterWide(String name, String rules) {
        return policy("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: %s}
                spec:
                %s
                """.formatted(name, rules.indent(2)));
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private OverrideResult apply(ClusterTarget cluster, OverridePolicy... policies) {
        return applier.apply(json(DEPLOYMENT), "team-a", cluster, List.of(policies));
    }

    private static String image(OverrideResult result, int container) {
        return result.manifest().at("/spec/template/spec/containers/" + container + "/image").textValue();
    }

    private static OverridePolicy imagePolicy(String overrider) {
        return clusterWide("images", "overriders: {imageOverrider: [" + overrider + "]}");
    }

    @Test
    void clusterPoliciesFirstThenNamespacedFromLeastToMostSpecificThenByName() {
        OverridePolicy byName = namespaced("a-by-name",
                "resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]",
                "overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 7}]}}]");
        OverridePolicy byLabel = namespaced("b-by-label",
                "resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, labelSelector: {matchLabels: {app: web}}}]",
                "overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 6}]}}]");
        OverridePolicy everything = namespaced("c-everything", "",
                "overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 5}]}}]");
        OverridePolicy cluster = clusterWide("z-cluster",
                "overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 4}]}}]");

        OverrideResult result = apply(MEMBER_1, byName, cluster, everything, byLabel);

        assertThat(result.problem()).isNull();
        assertThat(result.manifest().at("/spec/replicas").intValue()).isEqualTo(7);
        assertThat(result.applied()).containsExactly(
                "ClusterOverridePolicy z-cluster spec.overrideRules[0]",
                "OverridePolicy team-a/c-everything spec.overrideRules[0]",
                "OverridePolicy team-a/b-by-label spec.overrideRules[0]",
                "OverridePolicy team-a/a-by-name spec.overrideRules[0]");
    }

    @Test
    void rulesApplyOnlyToTheirTargetClustersInOrder() {
        OverridePolicy p = namespaced("per-cluster", "", """
                overrideRules:
                  - targetCluster: {clusterNames: [member1, member2]}
                    overriders: {annotationsOverrider: [{operator: add, value: {first: "1"}}]}
                  - targetCluster: {labelSelector: {matchLabels: {env: prod}}}
                    overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 10}]}
                  - targetCluster: {exclude: [member1]}
                    overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 1}]}
                """);

        OverrideResult one = apply(MEMBER_1, p);
        OverrideResult two = apply(MEMBER_2, p);

        assertThat(one.manifest().at("/spec/replicas").intValue()).isEqualTo(10);
        assertThat(one.manifest().at("/metadata/annotations")).isEqualTo(json("{\"first\": \"1\"}"));
        assertThat(one.applied()).containsExactly("OverridePolicy team-a/per-cluster spec.overrideRules[0]",
                "OverridePolicy team-a/per-cluster spec.overrideRules[1]");
        assertThat(two.manifest().at("/spec/replicas").intValue()).isEqualTo(1);
        assertThat(two.applied()).containsExactly("OverridePolicy team-a/per-cluster spec.overrideRules[0]",
                "OverridePolicy team-a/per-cluster spec.overrideRules[2]");
    }

    @Test
    void fieldSelectorsReadProviderRegionAndZones() {
        OverridePolicy p = clusterWide("eu", """
                overrideRules:
                  - targetCluster:
                      fieldSelector:
                        matchExpressions:
                          - {key: region, operator: In, values: [eu-west-1]}
                          - {key: zone, operator: In, values: [eu-west-1a, eu-west-1b]}
                          - {key: provider, operator: NotIn, values: [onprem]}
                    overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 3}]}
                """);
        ClusterTarget inside = new ClusterTarget("a", Map.of(), new ClusterTopology("aws", "eu-west-1", List.of("eu-west-1a", "eu-west-1b")));
        ClusterTarget oneZoneOutside = new ClusterTarget("b", Map.of(), new ClusterTopology("aws", "eu-west-1", List.of("eu-west-1a", "eu-west-1c")));
        ClusterTarget noRegion = new ClusterTarget("c", Map.of(), new ClusterTopology(null, null, List.of("eu-west-1a")));

        assertThat(apply(inside, p).manifest().at("/spec/replicas").intValue()).isEqualTo(3);
        assertThat(apply(oneZoneOutside, p).manifest().at("/spec/replicas").intValue()).isEqualTo(2);
        assertThat(apply(noRegion, p).manifest().at("/spec/replicas").intValue()).isEqualTo(2);
    }

    @Test
    void imageComponentsAsKarmadaChangesThem() {
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Registry, operator: add, value: .test}")), 0))
                .isEqualTo("fictional.registry.example.test/imagename:v1.0.0");
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Registry, operator: replace, value: fictional.registry.us}")), 0))
                .isEqualTo("fictional.registry.us/imagename:v1.0.0");
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Registry, operator: remove}")), 0))
                .isEqualTo("imagename:v1.0.0");
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Repository, operator: add, value: /nginx}")), 0))
                .isEqualTo("fictional.registry.example/imagename/nginx:v1.0.0");
        // Karmada's own result: the registry and tag stay around an empty repository.
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Repository, operator: remove}")), 0))
                .isEqualTo("fictional.registry.example/:v1.0.0");
        String digest = "sha256:dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9c";
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Tag, operator: replace, value: \"" + digest + "\"}")), 0))
                .isEqualTo("fictional.registry.example/imagename@" + digest);
        // "v1.0.0sha256:..." is neither a tag nor a digest: Karmada keeps the tag.
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Tag, operator: add, value: \"" + digest + "\"}")), 0))
                .isEqualTo("fictional.registry.example/imagename:v1.0.0");
        assertThat(image(apply(MEMBER_1, imagePolicy("{component: Tag, operator: remove}")), 0))
                .isEqualTo("fictional.registry.example/imagename");
    }

    @Test
    void imageOverridersWithoutPredicateChangeEveryContainerOfTheKnownKindsOnly() {
        OverrideResult result = apply(MEMBER_1, imagePolicy("{component: Repository, operator: replace, value: nginx}"));

        assertThat(image(result, 0)).isEqualTo("fictional.registry.example/nginx:v1.0.0");
        assertThat(image(result, 1)).isEqualTo("registry.k8s.io/nginx:0.8");
        assertThat(result.manifest().at("/spec/template/spec/initContainers/0/image").textValue()).isEqualTo("busybox:1.36");

        JsonNode pod = json("{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"p\"},"
                + " \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"imagename:v1\"}]}}");
        OverrideResult podResult = applier.apply(pod, "team-a", MEMBER_1,
                List.of(imagePolicy("{component: Registry, operator: add, value: registry.k8s.io}")));
        assertThat(podResult.manifest().at("/spec/containers/0/image").textValue()).isEqualTo("registry.k8s.io/imagename:v1");

        JsonNode flink = json("{\"apiVersion\": \"flink.apache.org/v1beta1\", \"kind\": \"FlinkDeployment\","
                + " \"metadata\": {\"name\": \"f\"}, \"spec\": {\"image\": \"flink:1.19\"}}");
        OverrideResult untouched = applier.apply(flink, "team-a", MEMBER_1,
                List.of(imagePolicy("{component: Registry, operator: add, value: registry.k8s.io}")));
        assertThat(untouched.manifest()).isEqualTo(flink);
        OverrideResult predicate = applier.apply(flink, "team-a", MEMBER_1,
                List.of(imagePolicy("{predicate: {path: /spec/image}, component: Registry, operator: add, value: mirror.io}")));
        assertThat(predicate.manifest().at("/spec/image").textValue()).isEqualTo("mirror.io/flink:1.19");
    }

    @Test
    void commandAndArgsAddAndRemoveInTheNamedContainer() {
        OverridePolicy p = clusterWide("cmd", """
                overriders:
                  commandOverrider:
                    - {containerName: sidecar, operator: remove, value: [sleep]}
                    - {containerName: web, operator: add, value: [/bin/server]}
                  argsOverrider:
                    - {containerName: web, operator: remove, value: [--debug]}
                    - {containerName: web, operator: add, value: [--verbose]}
                    - {containerName: nobody, operator: add, value: [--x]}
                """);

        OverrideResult result = apply(MEMBER_1, p);

        JsonNode containers = result.manifest().at("/spec/template/spec/containers");
        assertThat(containers.at("/0/command")).isEqualTo(json("[\"/bin/server\"]"));
        assertThat(containers.at("/0/args")).isEqualTo(json("[\"--port=80\", \"--verbose\"]"));
        // As in Karmada: removing from an absent list writes an empty one.
        assertThat(containers.at("/1/command")).isEqualTo(json("[]"));
        assertThat(containers.get(1).has("args")).isFalse();
    }

    @Test
    void labelsAndAnnotationsAddReplaceAndRemove() {
        OverridePolicy p = clusterWide("meta", """
                overriders:
                  labelsOverrider:
                    - {operator: add, value: {tier: front, app: web2}}
                    - {operator: replace, value: {absent: x, tier: back}}
                    - {operator: remove, value: {app: any, nothing: here}}
                  annotationsOverrider:
                    - {operator: replace, value: {absent: x}}
                    - {operator: add, value: {example.com/owner: team-a}}
                """);

        OverrideResult result = apply(MEMBER_1, p);

        assertThat(result.manifest().at("/metadata/labels")).isEqualTo(json("{\"tier\": \"back\"}"));
        assertThat(result.manifest().at("/metadata/annotations")).isEqualTo(json("{\"example.com/owner\": \"team-a\"}"));
    }

    @Test
    void plaintextFollowsJsonPatchIndicesAndAppends() {
        OverridePolicy p = clusterWide("patch", """
                overriders:
                  plaintext:
                    - {path: /spec/template/spec/containers/-, operator: add, value: {name: third, image: "busybox:1"}}
                    - {path: /spec/template/spec/containers/-1/name, operator: replace, value: last}
                    - {path: /spec/template/spec/containers/0/args/0, operator: remove}
                    - {path: /spec/template/spec/containers/0/resources, operator: add, value: {requests: {cpu: "2"}}}
                    - {path: /metadata/labels/app.kubernetes.io~1name, operator: add, value: web}
                """);

        OverrideResult result = apply(MEMBER_1, p);

        JsonNode containers = result.manifest().at("/spec/template/spec/containers");
        assertThat(containers).hasSize(3);
        assertThat(containers.at("/2")).isEqualTo(json("{\"name\": \"last\", \"image\": \"busybox:1\"}"));
        assertThat(containers.at("/0/args")).isEqualTo(json("[\"--port=80\"]"));
        assertThat(containers.at("/0/resources/requests/cpu").textValue()).isEqualTo("2");
        assertThat(result.manifest().at("/metadata/labels/app.kubernetes.io~1name").textValue()).isEqualTo("web");
    }

    @Test
    void aPatchThatCannotApplyNamesPolicyRuleOverriderAndPath() {
        OverridePolicy missingParent = namespaced("broken", "", """
                overrideRules:
                  - targetCluster: {clusterNames: [member2]}
                    overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 1}]}
                  - overriders:
                      plaintext:
                        - {path: /spec/replicas, operator: replace, value: 3}
                        - {path: /spec/strategy/rollingUpdate/maxSurge, operator: add, value: 1}
                """);
        OverrideResult result = apply(MEMBER_1, missingParent);

        assertThat(result.isApplied()).isFalse();
        assertThat(result.manifest()).isNull();
        assertThat(result.problem()).isEqualTo("OverridePolicy team-a/broken, spec.overrideRules[1].overriders.plaintext[1]: "
                + "add /spec/strategy/rollingUpdate/maxSurge: the manifest has no /spec/strategy (for cluster member1)");

        OverrideResult outOfRange = apply(MEMBER_1, clusterWide("range",
                "overriders: {plaintext: [{path: /spec/template/spec/containers/5/image, operator: replace, value: x}]}"));
        assertThat(outOfRange.problem()).isEqualTo("ClusterOverridePolicy range, spec.overriders.plaintext[0]: replace "
                + "/spec/template/spec/containers/5/image: the manifest has no /spec/template/spec/containers/5 (for cluster member1)");

        OverrideResult badIndex = apply(MEMBER_1, clusterWide("index",
                "overriders: {plaintext: [{path: /spec/template/spec/containers/2, operator: remove}]}"));
        assertThat(badIndex.problem()).isEqualTo("ClusterOverridePolicy index, spec.overriders.plaintext[0]: remove "
                + "/spec/template/spec/containers/2: index 2 is out of range: the list at /spec/template/spec/containers "
                + "has 2 elements (for cluster member1)");

        OverrideResult badImage = apply(MEMBER_1, imagePolicy("{predicate: {path: /spec/replicas}, component: Tag, operator: remove}"));
        assertThat(badImage.problem()).isEqualTo("ClusterOverridePolicy images, spec.overriders.imageOverrider[0]: "
                + "/spec/replicas is not a string image (for cluster member1)");
    }

    @Test
    void namespacedPoliciesOnlyForTheirNamespaceAndSeeTheClusterPoliciesChanges() {
        OverridePolicy relabel = clusterWide("relabel", "overriders: {labelsOverrider: [{operator: add, value: {gpu: \"true\"}}]}");
        OverridePolicy gpuOnly = namespaced("gpu-only",
                "resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, labelSelector: {matchLabels: {gpu: \"true\"}}}]",
                "overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 9}]}}]");
        OverridePolicy otherNamespace = policy("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: elsewhere, namespace: team-b}
                spec:
                  overrideRules: [{overriders: {plaintext: [{path: /spec/replicas, operator: replace, value: 0}]}}]
                """);

        assertThat(apply(MEMBER_1, gpuOnly, otherNamespace).manifest().at("/spec/replicas").intValue()).isEqualTo(2);
        assertThat(apply(MEMBER_1, gpuOnly, relabel, otherNamespace).manifest().at("/spec/replicas").intValue()).isEqualTo(9);
    }

    @Test
    void leavesTheInputAloneAndIsIdentityWithoutPolicies() {
        JsonNode input = json(DEPLOYMENT);
        OverrideResult none = applier.apply(input, "team-a", MEMBER_1, List.of());
        OverrideResult some = applier.apply(input, "team-a", MEMBER_1,
                List.of(imagePolicy("{component: Registry, operator: remove}")));

        assertThat(none.manifest()).isEqualTo(json(DEPLOYMENT));
        assertThat(none.changed()).isFalse();
        assertThat(some.changed()).isTrue();
        assertThat(input).isEqualTo(json(DEPLOYMENT));
    }
}
