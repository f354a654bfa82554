package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.avro.Op;
import io.fedstream.cli.PlannedEvent.Destination;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.WorkloadId;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which topic and key every document of {@code apply} and {@code delete} gets, and which documents are refused. */
class ManifestRouterTest {

    private final ManifestRouter router = new ManifestRouter();

    @TempDir Path dir;

    @Test
    void workloadsAreKeyedAsWorkloadIdComputesIt() throws BadManifestsException {
        List<PlannedEvent> events = plan("""
                apiVersion: flink.apache.org/v1beta1
                kind: FlinkDeployment
                metadata: {name: fraud-detector, namespace: streaming}
                spec: {job: {parallelism: 8}}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: ""}
                """);

        assertThat(events).containsExactly(
                new PlannedEvent(Destination.WORKLOADS, "flink.apache.org/FlinkDeployment/streaming/fraud-detector",
                        "flinkdeployment.flink.apache.org/fraud-detector",
                        "{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\","
                                + "\"metadata\":{\"name\":\"fraud-detector\",\"namespace\":\"streaming\"},\"spec\":{\"job\":{\"parallelism\":8}}}"),
                new PlannedEvent(Destination.WORKLOADS, "core/Pod/default/p", "pod/p",
                        "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"}}"),
                new PlannedEvent(Destination.WORKLOADS, "apps/Deployment/default/web", "deployment.apps/web",
                        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"namespace\":\"\"}}"));
        assertThat(events.get(1).key()).isEqualTo(new WorkloadId("v1", "Pod", "default", "p").key());
    }

    @Test
    void policiesAreKeyedKindNamespaceNameWithAnEmptyNamespaceWhenClusterScoped() throws BadManifestsException {
        List<PlannedEvent> events = plan("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata: {name: team-a, namespace: team-a}
                spec: {overall: {cpu: "10"}}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: pp}
                spec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterPropagationPolicy
                metadata: {name: cpp}
                spec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: cop-ns, namespace: ignored}
                spec: {}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: op, namespace: ns}
                spec: {}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: cop}
                spec: {}
                """);

        assertThat(events).extracting(PlannedEvent::destination, PlannedEvent::key, PlannedEvent::displayName).containsExactly(
                tuple(Destination.POLICIES, "FederatedResourceQuota/team-a/team-a",
                        "federatedresourcequota.policy.karmada.io/team-a"),
                tuple(Destination.POLICIES, "PropagationPolicy/default/pp",
                        "propagationpolicy.policy.karmada.io/pp"),
                tuple(Destination.POLICIES, "ClusterPropagationPolicy//cpp",
                        "clusterpropagationpolicy.policy.karmada.io/cpp"),
                tuple(Destination.POLICIES, "ClusterOverridePolicy//cop-ns",
                        "clusteroverridepolicy.policy.karmada.io/cop-ns"),
                tuple(Destination.POLICIES, "OverridePolicy/ns/op",
                        "overridepolicy.policy.karmada.io/op"),
                tuple(Destination.POLICIES, "ClusterOverridePolicy//cop",
                        "clusteroverridepolicy.policy.karmada.io/cop"));
    }

    @Test
    void interpreterPoliciesUseTheKeysTheBindStagePrefixScans() throws BadManifestsException {
        List<PlannedEvent> events = plan(customization("my-trainer") + """
                ---
                apiVersion: trainer.kubeflow.org/v1alpha1
                kind: ClusterTrainingRuntime
                metadata: {name: torch-small}
                spec: {template: {spec: {replicatedJobs: [{name: node, template: {spec: {template: {spec: {containers: [{name: c}]}}}}}]}}}
                ---
                apiVersion: trainer.kubeflow.org/v1alpha1
                kind: TrainingRuntime
                metadata: {name: torch-big}
                spec: {template: {spec: {replicatedJobs: [{name: node, template: {spec: {template: {spec: {containers: [{name: c}]}}}}}]}}}
                """);

        assertThat(events).extracting(PlannedEvent::key).containsExactly(
                "InterpreterCustomization//my-trainer", "ClusterTrainingRuntime//torch-small", "TrainingRuntime/default/torch-big");
        assertThat(events).extracting(PlannedEvent::destination).containsOnly(Destination.POLICIES);
        assertThat(events.get(0).displayName()).isEqualTo("interpretercustomization.fedstream.io/my-trainer");
    }

    @Test
    void aBrokenCustomizationIsRefusedOnApplyButMayBeDeleted() throws BadManifestsException {
        String broken = """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: broken}
                spec: {target: {apiVersion: example.com/v1, kind: MyTrainer}}
                """;

        assertThatThrownBy(() -> plan(broken))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).hasSize(1)
                        .allSatisfy(problem -> assertThat(problem).startsWith("in.yaml document 1: ")));
        assertThat(router.plan(List.of(source("in.yaml", broken)), Op.DELETE))
                .extracting(PlannedEvent::key).containsExactly("InterpreterCustomization//broken");
    }

    @Test
    void aQuotaTheAdmitStageWouldRefuseIsRefusedOnApplyWithItsField() throws BadManifestsException {
        String typo = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata: {name: q, namespace: team-a}
                spec: {overall: {cpus: "10"}}
                """;

        assertThatThrownBy(() -> plan(typo))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> assertThat(problem).startsWith("in.yaml document 1: spec.overall.cpus: ")));
        assertThat(router.plan(List.of(source("in.yaml", typo)), Op.DELETE))
                .extracting(PlannedEvent::key).containsExactly("FederatedResourceQuota/team-a/q");
    }

    @Test
    void aSeedSpelledQuotaIsPublishedWithANoteAndBothSpellingsAreRefused() throws BadManifestsException {
        String seed = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata: {name: q, namespace: team-a}
                spec: {hard: {cpu: "10"}}
                """;
        String both = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: FederatedResourceQuota
                metadata: {name: q, namespace: team-a}
                spec: {overall: {cpu: "10"}, hard: {cpu: "10"}}
                """;

        ManifestRouter.Plan plan = router.plan(List.of(source("in.yaml", seed)), Op.UPSERT, InterpreterExtensions.none());

        assertThat(plan.events()).extracting(PlannedEvent::key).containsExactly("FederatedResourceQuota/team-a/q");
        assertThat(plan.warnings()).containsExactly("in.yaml document 1: spec.hard: read as spec.overall"
                + " (the seed's spelling; Karmada v1.15 names the overall limits spec.overall)");
        assertThatThrownBy(() -> plan(both))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "in.yaml document 1: spec.hard: is the seed's spelling of spec.overall; give spec.overall or spec.hard,"
                                + " not both (value: {\"cpu\":\"10\"})"));
    }

    @Test
    void aPropagationPolicyThatWouldGovernNothingIsRefusedOnApplyWithItsField() throws BadManifestsException {
        String spread = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: p, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  placement: {spreadConstraints: [{minGroups: 3, maxGroups: 2}]}
                """;
        String jsonPath = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterPropagationPolicy
                metadata: {name: c}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                  failover:
                    application:
                      decisionConditions: {}
                      statePreservation: {rules: [{aliasLabelName: a, jsonPath: "{.items[?(@.x)]}"}]}
                """;

        assertThatThrownBy(() -> plan(spread))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> assertThat(problem).startsWith("in.yaml document 1: spec.placement.spreadConstraints[0].maxGroups: must not be lower than minGroups")));
        assertThatThrownBy(() -> plan(jsonPath))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> assertThat(problem)
                                .startsWith("in.yaml document 1: spec.failover.application.statePreservation.rules[0].jsonPath")));
        assertThat(plan("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterPropagationPolicy
                metadata: {name: c}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
                """)).extracting(PlannedEvent::key).containsExactly("ClusterPropagationPolicy//c");
    }

    @Test
    void anOverridePolicyThatWouldOverrideNothingIsRefusedOnApplyWithItsField() throws BadManifestsException {
        assertThatThrownBy(() -> plan("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: OverridePolicy
                metadata: {name: o, namespace: team-a}
                spec:
                  overrideRules: [{overriders: {plaintext: [{path: spec/replicas, operator: replace, value: 3}]}}]
                """)).isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> assertThat(problem).isEqualTo("in.yaml document 1: spec.overrideRules[0].overriders."
                                + "plaintext[0].path: must be a JSON pointer (RFC 6901) starting with / (value: spec/replicas)")));
        assertThat(plan("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterOverridePolicy
                metadata: {name: mirror}
                spec:
                  overrideRules: [{overriders: {imageOverrider: [{component: Registry, operator: replace, value: mirror.io}]}}]
                """)).extracting(PlannedEvent::key).containsExactly("ClusterOverridePolicy//mirror");
    }

    @Test
    void aPriorityClassIsAClusterScopedPolicy() throws BadManifestsException {
        assertThat(plan("""
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                """)).extracting(PlannedEvent::key).containsExactly("PriorityClass//high");
    }

    @Test
    void aKarmadaClusterGoesToTheClusterHealthTopicKeyedByItsName() throws BadManifestsException {
        List<PlannedEvent> events = plan("""
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                ---
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1, labels: {region: eu-west}}
                spec: {taints: [{key: maintenance, effect: NoExecute}]}
                status:
                  conditions: [{type: Ready, status: "True"}]
                  resourceSummary: {allocatable: {cpu: "64", memory: 256Gi}}
                """);

        assertThat(events).extracting(PlannedEvent::destination, PlannedEvent::key, PlannedEvent::displayName).containsExactly(
                tuple(Destination.WORKLOADS, "core/Pod/default/p", "pod/p"),
                tuple(Destination.CLUSTER_HEALTH, "member1", "cluster.cluster.karmada.io/member1"));
    }

    @Test
    void aBadKarmadaClusterIsRefusedNamingTheField() {
        assertThatThrownBy(() -> plan("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1}
                spec: {taints: [{key: k, effect: Evict}]}
                status: {resourceSummary: {allocatable: {cpu: lots}}}
                """))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "in.yaml document 1: spec.taints[0].effect: must be NoSchedule, PreferNoSchedule or NoExecute (value: Evict); "
                                + "status.resourceSummary.allocatable.cpu: is not a Kubernetes quantity (expected e.g. 500m, 2,"
                                + " 1.5Gi, 128974848, 129e6; no spaces) (value: lots)"));
    }

    @Test
    void karmadasOtherApiObjectsEventsAndLeasesAreRefusedAsKarmadaNeverPropagatesThem() {
        assertThatThrownBy(() -> plan("""
                apiVersion: autoscaling.karmada.io/v1alpha1
                kind: FederatedHPA
                metadata: {name: nginx, namespace: default}
                ---
                apiVersion: work.karmada.io/v1alpha2
                kind: ResourceBinding
                metadata: {name: nginx-deployment, namespace: default}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterTaintPolicy
                metadata: {name: detect-not-ready}
                ---
                apiVersion: v1
                kind: Event
                metadata: {name: nginx.1, namespace: default}
                ---
                apiVersion: coordination.k8s.io/v1
                kind: Lease
                metadata: {name: leader, namespace: default}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: nginx-propagation}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: nginx}]
                """))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "in.yaml document 1: kind: FederatedHPA (autoscaling.karmada.io/v1alpha1) is a Karmada API object, which"
                                + " Karmada never propagates (its --skipped-propagating-apis default skips the group"
                                + " autoscaling.karmada.io) and fedstream does not implement (docs/karmada.md, difference 13)",
                        "in.yaml document 2: kind: ResourceBinding (work.karmada.io/v1alpha2) is a Karmada API object, which Karmada"
                                + " never propagates (its --skipped-propagating-apis default skips the group work.karmada.io) and"
                                + " fedstream does not implement; fedstream writes its own ResourceBindings on fedstream.bindings"
                                + " (docs/karmada.md, difference 13)",
                        "in.yaml document 3: kind: ClusterTaintPolicy (policy.karmada.io/v1alpha1) is a Karmada API object, which"
                                + " Karmada never propagates (its --skipped-propagating-apis default skips the group"
                                + " policy.karmada.io) and fedstream does not implement (docs/karmada.md, difference 13)",
                        "in.yaml document 4: kind: Event (v1) is never propagated: Karmada's --skipped-propagating-apis default"
                                + " skips events, and no pod runs for it (docs/karmada.md, difference 13)",
                        "in.yaml document 5: kind: Lease (coordination.k8s.io/v1) is never propagated: Karmada's"
                                + " --skipped-propagating-apis default skips leases, and no pod runs for it (docs/karmada.md,"
                                + " difference 13)"));
    }

    private static final String WIDGET_CUSTOMIZATION = """
            apiVersion: config.karmada.io/v1alpha1
            kind: ResourceInterpreterCustomization
            metadata: {name: widget-replicas}
            spec:
              target: {apiVersion: example.com/v1, kind: Widget}
              customizations:
                replicaResource:
                  luaScript: |
                    function GetReplicas(obj)
                      return obj.spec.size, {resourceRequest = {cpu = "250m"}}
                    end
            ---
            """;

    @Test
    void aResourceInterpreterCustomizationIsAnInterpreterPolicyThatCountsTheWorkloadsOfItsSet() throws BadManifestsException {
        ManifestRouter.Plan plan = router.plan(List.of(source("in.yaml", WIDGET_CUSTOMIZATION + """
                apiVersion: example.com/v1
                kind: Widget
                metadata: {name: w, namespace: shop}
                spec: {size: 2}
                """)), Op.UPSERT, InterpreterExtensions.none());

        assertThat(plan.events()).extracting(PlannedEvent::destination, PlannedEvent::key).containsExactly(
                tuple(Destination.POLICIES, "ResourceInterpreterCustomization//widget-replicas"),
                tuple(Destination.WORKLOADS, "example.com/Widget/shop/w"));
        assertThat(plan.warnings()).isEmpty();
        assertThatThrownBy(() -> router.plan(List.of(source("in.yaml", WIDGET_CUSTOMIZATION + """
                apiVersion: example.com/v1
                kind: Widget
                metadata: {name: w, namespace: shop}
                spec: {size: -1}
                """)), Op.UPSERT, InterpreterExtensions.none()))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "in.yaml document 2: ResourceInterpreterCustomization widget-replicas, replicaResource: GetReplicas():"
                                + " must be a whole number from 0 to 2147483647 (a replica count) (value: -1)"));
    }

    @Test
    void aResourceInterpreterCustomizationWhoseScriptDoesNotCompileIsRefused() {
        assertThatThrownBy(() -> plan("""
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: broken}
                spec:
                  target: {apiVersion: example.com/v1, kind: Widget}
                  customizations:
                    healthInterpretation: {luaScript: "function InterpretHealth(o) return end end"}
                """))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).singleElement().asString()
                        .startsWith("in.yaml document 1: spec.customizations.healthInterpretation.luaScript: does not compile: "));
    }

    @Test
    void aKarmadaApiObjectPublishedAsAWorkloadBeforeMayStillBeDeleted() throws BadManifestsException {
        List<PlannedEvent> events = router.plan(List.of(source("in.yaml", """
                apiVersion: autoscaling.karmada.io/v1alpha1
                kind: FederatedHPA
                metadata: {name: nginx, namespace: default}
                """)), Op.DELETE);

        assertThat(events).extracting(PlannedEvent::destination, PlannedEvent::key)
                .containsExactly(tuple(Destination.WORKLOADS, "autoscaling.karmada.io/FederatedHPA/default/nginx"));
    }

    @Test
    void kubernetesClusterScopedObjectsArePublishedWithoutANamespaceButThoseAClusterMakesForItself() throws BadManifestsException {
        String set = """
                apiVersion: v1
                kind: Namespace
                metadata: {name: shop}
                ---
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: guestbooks.webapp.my.domain}
                spec: {group: webapp.my.domain, scope: Namespaced}
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: web, namespace: shop}
                data: {index.html: hello}
                ---
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRole
                metadata: {name: reader, namespace: shop}
                ---
                apiVersion: search.karmada.io/v1alpha1
                kind: ResourceRegistry
                metadata: {name: foo}
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: worker-1}
                """;

        ManifestRouter.Plan applied = router.plan(List.of(source("in.yaml", set)), Op.UPSERT, InterpreterExtensions.none());

        assertThat(applied.events()).extracting(PlannedEvent::key).as("a ClusterRole's namespace is ignored, as the API server ignores it")
                .containsExactly("core/Namespace//shop", "apiextensions.k8s.io/CustomResourceDefinition//guestbooks.webapp.my.domain",
                        "core/ConfigMap/shop/web", "rbac.authorization.k8s.io/ClusterRole//reader");
        assertThat(applied.warnings()).containsExactly(
                "in.yaml document 5: kind: ResourceRegistry (search.karmada.io) is not propagated: it configures karmada-search in"
                        + " Karmada's control plane, and no member cluster serves it (docs/karmada.md, difference 14); not published",
                "in.yaml document 6: kind: Node is not propagated: each member cluster makes its own for itself, and a copy from"
                        + " another cluster would describe something that is not there (docs/karmada.md, difference 14); not published");
        assertThat(router.plan(List.of(source("in.yaml", set)), Op.DELETE, InterpreterExtensions.none()).events())
                .as("a delete takes back every one by the key apply gives it")
                .extracting(PlannedEvent::key).containsExactly("core/Namespace//shop",
                        "apiextensions.k8s.io/CustomResourceDefinition//guestbooks.webapp.my.domain", "core/ConfigMap/shop/web",
                        "rbac.authorization.k8s.io/ClusterRole//reader", "search.karmada.io/ResourceRegistry/default/foo",
                        "core/Node/default/worker-1");
    }

    @Test
    void theCustomResourcesOfAClusterScopedCustomResourceDefinitionInTheSetAreNotPublished() throws BadManifestsException {
        String set = """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: backends.example.com}
                spec:
                  group: example.com
                  scope: Cluster
                  names: {kind: Backend, plural: backends}
                ---
                apiVersion: example.com/v1
                kind: Backend
                metadata: {name: shared}
                ---
                apiVersion: example.com/v1
                kind: Frontend
                metadata: {name: web, namespace: shop}
                """;

        ManifestRouter.Plan applied = router.plan(List.of(source("in.yaml", set)), Op.UPSERT, InterpreterExtensions.none());

        assertThat(applied.events()).extracting(PlannedEvent::key)
                .containsExactly("apiextensions.k8s.io/CustomResourceDefinition//backends.example.com", "example.com/Frontend/shop/web");
        assertThat(applied.warnings()).hasSize(2);
        assertThat(applied.warnings().get(0)).isEqualTo(
                "in.yaml document 2: kind: Backend (example.com) is not propagated: its CustomResourceDefinition"
                        + " backends.example.com declares it cluster-scoped, and fedstream binds Kubernetes' own cluster-scoped"
                        + " kinds only (it cannot tell a custom kind's scope from its manifest, and keys a namespaced object"
                        + " without a namespace under default): create it on the member clusters (docs/karmada.md, difference 14);"
                        + " not published");
        assertThat(applied.warnings().get(1)).as("a namespaced custom resource goes, uninterpreted")
                .startsWith("in.yaml document 3: kind: no interpreter for example.com/v1/Frontend");
    }

    @Test
    void deletingAKarmadaClusterIsRefusedWithWhatToDoInstead() {
        assertThatThrownBy(() -> router.plan(List.of(source("in.yaml", """
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1}
                """)), Op.DELETE))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "in.yaml document 1: kind: Cluster cannot be deleted: a cluster leaves by its heartbeats; apply it with a"
                                + " NoExecute taint to fail it over (its workloads leave when their clusterTolerations end), or stop its heartbeats (SUSPECT, then FAILED after the toleration)"));
    }

    @Test
    void everyBadDocumentIsNamedWithFileDocumentAndField() {
        assertThatThrownBy(() -> router.plan(List.of(source("a.yaml", """
                kind: Pod
                metadata: {name: p}
                ---
                apiVersion: v1
                metadata: {name: p}
                ---
                apiVersion: v1
                kind: Pod
                ---
                apiVersion: v1
                kind: Pod
                metadata: {namespace: x}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: a/b}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p, namespace: 3}
                ---
                - just a list
                ---
                apiVersion: a/b/c
                kind: Pod
                metadata: {name: p}
                ---
                apiVersion: v1
                kind: Pod
                metadata: nope
                """), source("b.json", "{\"apiVersion\": \"v1\", \"apiVersion\": \"v2\"}"),
                        source("c.yaml", "key: [unclosed")), Op.UPSERT))
                .isInstanceOfSatisfying(BadManifestsException.class, e -> assertThat(e.problems()).containsExactly(
                        "a.yaml document 1: apiVersion: is required",
                        "a.yaml document 2: kind: is required",
                        "a.yaml document 3: metadata.name: is required",
                        "a.yaml document 4: metadata.name: is required",
                        "a.yaml document 5: metadata.name: must not contain '/' (value: a/b)",
                        "a.yaml document 6: metadata.namespace: must be a string (value: 3)",
                        "a.yaml document 7: must be a mapping with apiVersion, kind and metadata",
                        "a.yaml document 8: apiVersion: must be VERSION or GROUP/VERSION (value: a/b/c)",
                        "a.yaml document 9: metadata: must be a mapping",
                        "b.json document 1: apiVersion: duplicate key (value: apiVersion)",
                        "c.yaml document 1: manifest: is not valid YAML: expected ',' or ']', but got <stream end> (line 1, column 15)"));
    }

    @Test
    void anInputWithoutDocumentsIsRefused() {
        assertThatThrownBy(() -> plan("# only a comment\n"))
                .isInstanceOfSatisfying(BadManifestsException.class,
                        e -> assertThat(e.problems()).containsExactly("in.yaml: no documents"));
    }

    @Test
    void aDirectoryIsReadInNameOrderKeepingOnlyManifestFiles() throws Exception {
        Files.writeString(dir.resolve("b.yml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\n");
        Files.writeString(dir.resolve("a.json"), "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}");
        Files.writeString(dir.resolve("c.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: c}\n");
        Files.writeString(dir.resolve("notes.txt"), "not a manifest");
        Files.createDirectory(dir.resolve("sub.yaml"));

        List<ManifestSource> sources = ManifestSource.read(dir.toString(), InputStream.nullInputStream());

        assertThat(sources).extracting(ManifestSource::name).containsExactly(
                dir.resolve("a.json").toString(), dir.resolve("b.yml").toString(), dir.resolve("c.yaml").toString());
        assertThat(router.plan(sources, Op.UPSERT)).extracting(PlannedEvent::key)
                .containsExactly("core/Pod/default/a", "core/Pod/default/b", "core/Pod/default/c");
    }

    @Test
    void dashReadsStandardInputAndAMissingFileOrEmptyDirectoryIsBadInput() throws Exception {
        List<ManifestSource> stdin = ManifestSource.read("-", new ByteArrayInputStream("a: b".getBytes(StandardCharsets.UTF_8)));
        assertThat(stdin).hasSize(1);
        assertThat(stdin.get(0).name()).isEqualTo("<stdin>");
        assertThat(new String(stdin.get(0).bytes(), StandardCharsets.UTF_8)).isEqualTo("a: b");

        assertThatThrownBy(() -> ManifestSource.read(dir.resolve("missing.yaml").toString(), InputStream.nullInputStream()))
                .isInstanceOf(BadManifestsException.class)
                .hasMessage("cannot read " + dir.resolve("missing.yaml") + ": no such file or directory");
        assertThatThrownBy(() -> ManifestSource.read(dir.toString(), InputStream.nullInputStream()))
                .isInstanceOf(BadManifestsException.class)
                .hasMessage(dir + ": no *.yaml, *.yml or *.json files in this directory");
    }

    private List<PlannedEvent> plan(String yaml) throws BadManifestsException {
        return router.plan(List.of(source("in.yaml", yaml)), Op.UPSERT);
    }

    private static ManifestSource source(String name, String text) {
        return new ManifestSource(name, text.getBytes(StandardCharsets.UTF_8));
    }

    static String customization(String name) {
        return """
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: %s}
                spec:
                  target: {apiVersion: example.com/v1, kind: MyTrainer}
                  components:
                  - name: coordinator
                    replicas: {path: "$.spec.coordinator.replicas", default: 1}
                    podTemplate: "$.spec.coordinator.template"
                """.formatted(name);
    }
}
