package io.fedstream.override;

import io.fedstream.interpret.FieldError;
import io.fedstream.place.ClusterFieldSelector;
import io.fedstream.place.LabelSelector;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ResourceSelector;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class OverridePolicyParserTest {

    private final OverridePolicyParser parser = new OverridePolicyParser();

    private ParsedOverridePolicy parse(String yaml) {
        return parser.parse(yaml.getBytes(StandardCharsets.UTF_8), null);
    }

    private static String policy(String spec) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata:
                  name: gpu-overrides
                  namespace: team-a
                spec:
                """ + spec.indent(2);
    }

    private static List<String> messages(ParsedOverridePolicy parsed) {
        return parsed.errors().stream().map(FieldError::message).toList();
    }

    @Test
    void readsEveryOverrider() {
        ParsedOverridePolicy parsed = parse(policy("""
                resourceSelectors:
                  - apiVersion: apps/v1
                    kind: Deployment
                    name: web
                overrideRules:
                  - targetCluster:
                      clusterNames: [member1, member2]
                      exclude: [member2]
                      labelSelector:
                        matchLabels: {env: prod}
                      fieldSelector:
                        matchExpressions:
                          - {key: region, operator: In, values: [eu-west-1]}
                          - {key: zone, operator: NotIn, values: [eu-west-1c]}
                    overriders:
                      plaintext:
                        - {path: /spec/replicas, operator: replace, value: 5}
                        - {path: /metadata/annotations/owner, operator: remove}
                      imageOverrider:
                        - {component: Registry, operator: replace, value: mirror.example.com}
                        - {predicate: {path: /spec/template/spec/initContainers/0/image}, component: Tag, operator: replace, value: v2}
                      commandOverrider:
                        - {containerName: web, operator: add, value: [--verbose]}
                      argsOverrider:
                        - {containerName: web, operator: remove, value: [--debug]}
                      labelsOverrider:
                        - {operator: add, value: {app.kubernetes.io/tier: front}}
                      annotationsOverrider:
                        - {operator: replace, value: {note: "any text / at all"}}
                  - overriders:
                      labelsOverrider:
                        - {operator: remove, value: {canary: "true"}}
                """));

        assertThat(parsed.errors()).isEmpty();
        OverridePolicy p = parsed.policy();
        assertThat(p.scope()).isEqualTo(PropagationPolicy.Scope.NAMESPACED);
        assertThat(p.namespace()).isEqualTo("team-a");
        assertThat(p.resourceSelectors()).containsExactly(new ResourceSelector("apps/v1", "Deployment", null, "web", null));
        assertThat(p.rules()).hasSize(2);
        OverridePolicy.Rule first = p.rules().get(0);
        assertThat(first.field()).isEqualTo("spec.overrideRules[0]");
        assertThat(first.targetCluster()).isEqualTo(new TargetCluster(List.of("member1", "member2"), List.of("member2"),
                new LabelSelector(Map.of("env", "prod"), List.of()),
                new ClusterFieldSelector(List.of(
                        new ClusterFieldSelector.Requirement(ClusterFieldSelector.Field.region, true, Set.of("eu-west-1")),
                        new ClusterFieldSelector.Requirement(ClusterFieldSelector.Field.zone, false, Set.of("eu-west-1c"))))));
        Overriders o = first.overriders();
        assertThat(o.plaintext()).hasSize(2);
        assertThat(o.plaintext().get(0).value().intValue()).isEqualTo(5);
        assertThat(o.plaintext().get(1).value()).isNull();
        assertThat(o.image()).containsExactly(
                new Overriders.Image(null, Overriders.Component.Registry, Overriders.Operator.replace, "mirror.example.com"),
                new Overriders.Image("/spec/template/spec/initContainers/0/image", Overriders.Component.Tag,
                        Overriders.Operator.replace, "v2"));
        assertThat(o.command()).containsExactly(new Overriders.CommandArgs("web", Overriders.Operator.add, List.of("--verbose")));
        assertThat(o.args()).containsExactly(new Overriders.CommandArgs("web", Overriders.Operator.remove, List.of("--debug")));
        assertThat(o.labels()).containsExactly(new Overriders.LabelsAnnotations(Overriders.Operator.add,
                Map.of("app.kubernetes.io/tier", "front")));
        assertThat(o.annotations().get(0).value()).containsEntry("note", "any text / at all");
        assertThat(p.rules().get(1).targetCluster()).isNull();
    }

    @Test
    void theDeprecatedTopFormIsOneRuleAndNoSelectorsSelectEverything() {
        ParsedOverridePolicy parsed = parse("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: registry-mirror}
                spec:
                  targetCluster: {clusterNames: [member3]}
                  overriders:
                    imageOverrider:
                      - {component: Registry, operator: replace, value: mirror.example.com}
                """);

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.policy().scope()).isEqualTo(PropagationPolicy.Scope.CLUSTER);
        assertThat(parsed.policy().namespace()).isNull();
        assertThat(parsed.policy().resourceSelectors()).isEmpty();
        assertThat(parsed.policy().rules()).singleElement().satisfies(rule -> {
            assertThat(rule.field()).isEqualTo("spec");
            assertThat(rule.targetCluster().clusterNames()).containsExactly("member3");
            assertThat(rule.overriders().image()).hasSize(1);
        });
    }

    @Test
    void refusesTheDeprecatedFormBesideOverrideRules() {
        ParsedOverridePolicy parsed = parse(policy("""
                targetCluster: {clusterNames: [member1]}
                overriders:
                  plaintext: [{path: /spec/replicas, operator: replace, value: 1}]
                overrideRules:
                  - overriders: {}
                """));

        assertThat(messages(parsed)).containsExactly(
                "spec.targetCluster: must not be given together with overrideRules (it is the deprecated form of a rule) "
                        + "(value: {\"clusterNames\":[\"member1\"]})",
                "spec.overriders: must not be given together with overrideRules (it is the deprecated form of a rule) "
                        + "(value: {\"plaintext\":[{\"path\":\"/spec/replicas\",\"operator\":\"replace\",\"value\":1}]})");
    }

    @Test
    void reportsEveryProblemWithFieldAndValue() {
        ParsedOverridePolicy parsed = parse(policy("""
                overrideRules:
                  - targetCluster:
                      clusterName: [member1]
                      fieldSelector:
                        matchExpressions:
                          - {key: provider, operator: Exists, values: [aws]}
                          - {key: rack, operator: In, values: []}
                    overriders:
                      plaintext:
                        - {path: spec/replicas, operator: replace, value: 2}
                        - {path: /spec/replicas, operator: remove, value: 2}
                        - {path: /spec/paused, operator: add}
                        - {path: "", operator: replace, value: {}}
                        - {path: /a~2b, operator: move, value: 1}
                      imageOverrider:
                        - {component: Digest, operator: add, value: x}
                        - {component: Tag, operator: replace, value: "v1:bad"}
                        - {component: Registry, operator: add}
                        - {predicate: {path: image}, component: Tag, operator: remove}
                      commandOverrider:
                        - {operator: replace, value: [a]}
                      labelsOverrider:
                        - {operator: add, value: {"bad key!": x, ok: "not a valid value!"}}
                      annotationsOverrider:
                        - {operator: upsert, value: {a: b}}
                      fieldOverrider:
                        - fieldPath: /data/config.json
                """));

        assertThat(messages(parsed)).containsExactly(
                "spec.overrideRules[0].targetCluster.clusterName: is not a known field (expected clusterNames, exclude, "
                        + "labelSelector, fieldSelector) (value: [\"member1\"])",
                "spec.overrideRules[0].targetCluster.fieldSelector.matchExpressions[0].operator: must be In or NotIn (value: Exists)",
                "spec.overrideRules[0].targetCluster.fieldSelector.matchExpressions[1].key: must be one of provider, region, zone (value: rack)",
                "spec.overrideRules[0].targetCluster.fieldSelector.matchExpressions[1].values: must not be empty for In and NotIn (value: [])",
                "spec.overrideRules[0].overriders.fieldOverrider: is not supported: it patches JSON or YAML text inside a string "
                        + "field (ConfigMap or Secret data) and writes it back the way Go's encoders format it, which fedstream "
                        + "does not reproduce byte for byte; such data bears on no placement or quota; use plaintext to replace "
                        + "the whole string (value: [{\"fieldPath\":\"/data/config.json\"}])",
                "spec.overrideRules[0].overriders.plaintext[0].path: must be a JSON pointer (RFC 6901) starting with / (value: spec/replicas)",
                "spec.overrideRules[0].overriders.plaintext[1].value: must not be given for remove (value: 2)",
                "spec.overrideRules[0].overriders.plaintext[2].value: is required for add",
                "spec.overrideRules[0].overriders.plaintext[3].path: must not be empty (value: )",
                "spec.overrideRules[0].overriders.plaintext[4].path: has a ~ that is not ~0 (for ~) or ~1 (for /) (value: /a~2b)",
                "spec.overrideRules[0].overriders.plaintext[4].operator: must be one of add, remove, replace (value: move)",
                "spec.overrideRules[0].overriders.imageOverrider[0].component: must be one of Registry, Repository, Tag (value: Digest)",
                "spec.overrideRules[0].overriders.imageOverrider[1].value: must be a tag ([A-Za-z0-9_][A-Za-z0-9_.-]{0,127}) or a "
                        + "digest (algorithm:hex) (value: v1:bad)",
                "spec.overrideRules[0].overriders.imageOverrider[2].value: must not be empty for add",
                "spec.overrideRules[0].overriders.imageOverrider[3].predicate.path: must be a JSON pointer (RFC 6901) starting with / (value: image)",
                "spec.overrideRules[0].overriders.commandOverrider[0].containerName: is required",
                "spec.overrideRules[0].overriders.commandOverrider[0].operator: must be add or remove (value: replace)",
                "spec.overrideRules[0].overriders.labelsOverrider[0].value.bad key!: key bad key! must be a qualified name "
                        + "([prefix/]name: name at most 63 characters of [A-Za-z0-9_.-] starting and ending alphanumeric; "
                        + "prefix a lower-case DNS subdomain) (value: x)",
                "spec.overrideRules[0].overriders.labelsOverrider[0].value.ok: must be a label value (at most 63 characters of "
                        + "[A-Za-z0-9_.-], starting and ending alphanumeric) (value: not a valid value!)",
                "spec.overrideRules[0].overriders.annotationsOverrider[0].operator: must be one of add, remove, replace (value: upsert)");
        assertThat(parsed.policy()).isNull();
    }

    @Test
    void checksKindScopeAndNamespace() {
        ParsedOverridePolicy cluster = parse("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: Mirror, namespace: team-a}
                spec: {}
                """);
        assertThat(messages(cluster)).as("the namespace of a cluster-scoped object is ignored, as the API server clears it")
                .containsExactly("metadata.name: must be a lower-case DNS subdomain (value: Mirror)");

        ParsedOverridePolicy namespaced = parser.parse("""
                apiVersion: policy.karmada.io/v1alpha2
                kind: OverridePolicy
                metadata: {name: x}
                spec: {}
                extra: 1
                """.getBytes(StandardCharsets.UTF_8), "team-b");
        assertThat(messages(namespaced)).containsExactly(
                "extra: is not a known field (expected apiVersion, kind, metadata, spec, status) (value: 1)",
                "apiVersion: must be policy.karmada.io/v1alpha1 (value: policy.karmada.io/v1alpha2)");

        ParsedOverridePolicy fromKey = parser.parse(policy("overrideRules: []").replace("  namespace: team-a\n", "")
                .getBytes(StandardCharsets.UTF_8), "team-b");
        assertThat(fromKey.policy().namespace()).isEqualTo("team-b");
        assertThat(fromKey.policy().rules()).isEmpty();
    }
}
