package io.fedstream.place;

import io.fedstream.interpret.FieldError;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class PropagationPolicyParserTest {

    private final PropagationPolicyParser parser = new PropagationPolicyParser();

    private ParsedPolicy parse(String yaml) {
        return parser.parse(yaml.getBytes(StandardCharsets.UTF_8), null);
    }

    private static String policy(String spec) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata:
                  name: flink-policy
                  namespace: team-a
                spec:
                  resourceSelectors:
                    - apiVersion: flink.apache.org/v1beta1
                      kind: FlinkDeployment
                """ + spec.indent(2);
    }

    private static List<String> fields(ParsedPolicy parsed) {
        return parsed.errors().stream().map(FieldError::field).toList();
    }

    @Test
    void readsEveryFieldFedstreamUses() {
        ParsedPolicy parsed = parse("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata:
                  name: flink-policy
                  namespace: team-a
                spec:
                  priority: -3
                  conflictResolution: Overwrite
                  propagateDeps: true
                  resourceSelectors:
                    - apiVersion: flink.apache.org/v1beta1
                      kind: FlinkDeployment
                      name: orders
                    - apiVersion: apps/v1
                      kind: Deployment
                      namespace: team-a
                      labelSelector:
                        matchLabels: {app: web}
                        matchExpressions:
                          - {key: tier, operator: In, values: [front, back]}
                          - {key: canary, operator: DoesNotExist}
                  placement:
                    clusterAffinities:
                      - affinityName: primary
                        clusterNames: [member1, member2]
                        exclude: [member2]
                      - affinityName: backup
                        labelSelector:
                          matchLabels: {region: eu}
                    clusterTolerations:
                      - {key: fail-test, operator: Exists, effect: NoExecute, tolerationSeconds: 30}
                      - {key: gpu, value: "true", effect: NoSchedule}
                    spreadConstraints:
                      - {spreadByField: cluster, maxGroups: 1}
                    replicaScheduling:
                      replicaSchedulingType: Duplicated
                  failover:
                    application:
                      decisionConditions:
                        tolerationSeconds: 120
                      purgeMode: Gracefully
                      gracePeriodSeconds: 60
                      statePreservation:
                        rules:
                          - {aliasLabelName: fedstream.io/checkpoint, jsonPath: "{.jobStatus.checkpointInfo.lastCheckpoint}"}
                      checkpointStorage: {endpoint: "https://s3.eu-west-1.amazonaws.com", bucket: flink-state}
                """);

        assertThat(parsed.errors()).isEmpty();
        PropagationPolicy p = parsed.policy();
        assertThat(p.key()).isEqualTo("PropagationPolicy/team-a/flink-policy");
        assertThat(p.priority()).isEqualTo(-3);
        assertThat(p.resourceSelectors()).containsExactly(
                new ResourceSelector("flink.apache.org/v1beta1", "FlinkDeployment", null, "orders", null),
                new ResourceSelector("apps/v1", "Deployment", "team-a", null, new LabelSelector(Map.of("app", "web"), List.of(
                        new LabelSelector.Requirement("tier", LabelSelector.Operator.In, Set.of("front", "back")),
                        new LabelSelector.Requirement("canary", LabelSelector.Operator.DoesNotExist, Set.of())))));
        assertThat(p.placement().groupsNamed()).isTrue();
        assertThat(p.placement().affinityGroups()).containsExactly(
                new ClusterAffinity("primary", List.of("member1", "member2"), List.of("member2"), null, null),
                new ClusterAffinity("backup", List.of(), List.of(),
                        new LabelSelector(Map.of("region", "eu"), List.of()), null));
        assertThat(p.placement().tolerations()).containsExactly(
                new Toleration("fail-test", Toleration.Operator.Exists, "", ClusterTaint.Effect.NoExecute, 30L),
                new Toleration("gpu", Toleration.Operator.Equal, "true", ClusterTaint.Effect.NoSchedule, null));
        assertThat(p.placement().replicaScheduling()).isEqualTo(PropagationPolicy.ReplicaScheduling.Duplicated);
        assertThat(p.placement().division()).isNull();
        assertThat(p.placement().spreadConstraints()).containsExactly(new SpreadConstraint(SpreadConstraint.SpreadBy.cluster, null, 1, 1));
        assertThat(p.failover()).isEqualTo(new PropagationPolicy.Failover(true,
                new PropagationPolicy.ApplicationFailover(120, PropagationPolicy.PurgeMode.Gracefully, 60L, List.of(
                        new PropagationPolicy.StatePreservationRule("fedstream.io/checkpoint", "{.jobStatus.checkpointInfo.lastCheckpoint}"))),
                null,
                new CheckpointStorage("{\"endpoint\":\"https://s3.eu-west-1.amazonaws.com\",\"bucket\":\"flink-state\"}",
                        Map.of("endpoint", "https://s3.eu-west-1.amazonaws.com", "bucket", "flink-state"))));
    }

    @Test
    void readsTheSeedsFailoverBlockWithANestedCheckpointStorage() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterAffinity: {clusterNames: [member2]}
                failover:
                  enable: true
                  checkpointStorage:
                    s3:
                      endpoint: "https://s3.example.com"
                      bucket: "flink-checkpoints"
                """));

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.policy().placement().affinityGroups())
                .containsExactly(new ClusterAffinity(null, List.of("member2"), List.of(), null, null));
        assertThat(parsed.policy().failover()).isEqualTo(new PropagationPolicy.Failover(true, null, null, new CheckpointStorage(
                "{\"s3\":{\"endpoint\":\"https://s3.example.com\",\"bucket\":\"flink-checkpoints\"}}",
                Map.of("s3.endpoint", "https://s3.example.com", "s3.bucket", "flink-checkpoints"))));
    }

    @Test
    void carriesAnyCheckpointStorageValueVerbatimAndFlattensItsScalars() {
        ParsedPolicy parsed = parse(policy("""
                failover:
                  checkpointStorage:
                    s3: {bucket: b, port: 9000, pathStyle: true, regions: [eu-west-1, eu-central-1], sse: {}}
                    state.checkpoints.dir: "s3://b/checkpoints"
                """));

        assertThat(parsed.errors()).isEmpty();
        CheckpointStorage storage = parsed.policy().failover().checkpointStorage();
        assertThat(storage.json()).isEqualTo("{\"s3\":{\"bucket\":\"b\",\"port\":9000,\"pathStyle\":true,"
                + "\"regions\":[\"eu-west-1\",\"eu-central-1\"],\"sse\":{}},\"state.checkpoints.dir\":\"s3://b/checkpoints\"}");
        assertThat(storage.entries()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "s3.bucket", "b", "s3.port", "9000", "s3.pathStyle", "true", "s3.regions", "[\"eu-west-1\",\"eu-central-1\"]",
                "state.checkpoints.dir", "s3://b/checkpoints"));
    }

    @Test
    void refusesACheckpointStorageThatIsNotAMappingHasANullValueOrTwoPathsForOneKey() {
        assertThat(parse(policy("failover: {checkpointStorage: s3://bucket}")).errors()).containsExactly(new FieldError(
                "spec.failover.checkpointStorage", "s3://bucket", "must be a mapping, e.g. {s3: {endpoint: ..., bucket: ...}}"));
        assertThat(parse(policy("failover: {checkpointStorage: {s3: {endpoint: null}}}")).errors()).containsExactly(
                new FieldError("spec.failover.checkpointStorage.s3.endpoint", "null", "must have a value"));
        assertThat(parse(policy("failover: {checkpointStorage: {s3.bucket: a, s3: {bucket: b}}}")).errors()).containsExactly(
                new FieldError("spec.failover.checkpointStorage.s3.bucket", "b",
                        "flattens to s3.bucket, as spec.failover.checkpointStorage[s3.bucket] does; the executor could not tell them apart"));
    }

    @Test
    void takesCheckpointStorageFromUnderApplicationTooButNotFromBothPlaces() {
        ParsedPolicy legacy = parse(policy("""
                failover:
                  application:
                    decisionConditions: {}
                    checkpointStorage: {s3: {bucket: b}}
                """));
        ParsedPolicy both = parse(policy("""
                failover:
                  checkpointStorage: {bucket: a}
                  application:
                    decisionConditions: {}
                    checkpointStorage: {bucket: b}
                """));

        assertThat(legacy.policy().failover().checkpointStorage().entries()).containsExactly(Map.entry("s3.bucket", "b"));
        assertThat(both.errors()).extracting(FieldError::field, FieldError::reason).containsExactly(org.assertj.core.groups.Tuple.tuple(
                "spec.failover.application.checkpointStorage", "must not be given together with spec.failover.checkpointStorage"));
    }

    @Test
    void readsEnableAndRefusesANonBoolean() {
        assertThat(parse(policy("failover: {enable: false}")).policy().failover())
                .isEqualTo(new PropagationPolicy.Failover(false, null, null, CheckpointStorage.NONE));
        assertThat(parse(policy("failover: {enable: \"no\"}")).errors())
                .containsExactly(new FieldError("spec.failover.enable", "no", "must be true or false"));
    }

    @Test
    void readsLazyActivationAndRefusesAnyOtherPreference() {
        assertThat(parse(policy("activationPreference: Lazy")).policy().lazyActivation()).isTrue();
        assertThat(parse(policy("priority: 1")).policy().lazyActivation()).isFalse();
        assertThat(parse(policy("activationPreference: Eager")).errors()).containsExactly(new FieldError(
                "spec.activationPreference", "Eager", "must be Lazy (or left out: a change of the policy applies at once)"));
        assertThat(parse(policy("activationPreference: [Lazy]")).errors()).extracting(FieldError::field, FieldError::reason)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("spec.activationPreference", "must be a string"));
    }

    @Test
    void readsKarmadasClusterFailoverBehaviourWithItsDefault() {
        ParsedPolicy explicit = parse(policy("""
                failover:
                  cluster:
                    purgeMode: Directly
                    statePreservation:
                      rules:
                        - {aliasLabelName: fedstream.io/job-id, jsonPath: "{.jobStatus.jobId}"}
                """));
        ParsedPolicy defaulted = parse(policy("failover: {cluster: {}}"));

        assertThat(explicit.errors()).isEmpty();
        assertThat(explicit.policy().failover()).isEqualTo(new PropagationPolicy.Failover(true, null,
                new PropagationPolicy.ClusterFailover(PropagationPolicy.PurgeMode.Directly,
                        List.of(new PropagationPolicy.StatePreservationRule("fedstream.io/job-id", "{.jobStatus.jobId}"))),
                CheckpointStorage.NONE));
        assertThat(defaulted.policy().failover().cluster())
                .isEqualTo(new PropagationPolicy.ClusterFailover(PropagationPolicy.PurgeMode.Gracefully, List.of()));
    }

    @Test
    void refusesWhatKarmadasClusterFailoverBehaviourDoesNotAllow() {
        ParsedPolicy parsed = parse(policy("""
                failover:
                  cluster:
                    purgeMode: Never
                    gracePeriodSeconds: 60
                    statePreservation:
                      rules:
                        - {aliasLabelName: "-bad-", jsonPath: "{.a}"}
                        - {aliasLabelName: "Example.com/x", jsonPath: "{.b}"}
                """));
        ParsedPolicy noRules = parse(policy("failover: {cluster: {purgeMode: Graciously, statePreservation: {}}}"));

        assertThat(parsed.policy()).isNull();
        assertThat(parsed.errors()).extracting(FieldError::field, FieldError::value).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("spec.failover.cluster.purgeMode", "Never"),
                org.assertj.core.groups.Tuple.tuple("spec.failover.cluster.gracePeriodSeconds", "60"),
                org.assertj.core.groups.Tuple.tuple("spec.failover.cluster.statePreservation.rules[0].aliasLabelName", "-bad-"),
                org.assertj.core.groups.Tuple.tuple("spec.failover.cluster.statePreservation.rules[1].aliasLabelName", "Example.com/x"));
        assertThat(parsed.errors()).filteredOn(e -> e.field().endsWith("purgeMode")).extracting(FieldError::reason)
                .containsExactly("must be one of Directly, Gracefully");
        assertThat(noRules.errors()).containsExactlyInAnyOrder(
                new FieldError("spec.failover.cluster.purgeMode", "Graciously", "must be one of Directly, Gracefully"),
                new FieldError("spec.failover.cluster.statePreservation.rules", null, "is required"));
    }

    @Test
    void appliesKarmadasDefaults() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterAffinity:
                    clusterNames: [member1]
                failover:
                  application:
                    decisionConditions: {}
                """));

        assertThat(parsed.errors()).isEmpty();
        PropagationPolicy p = parsed.policy();
        assertThat(p.priority()).isZero();
        assertThat(p.placement().groupsNamed()).isFalse();
        assertThat(p.placement().affinityGroups())
                .containsExactly(new ClusterAffinity(null, List.of("member1"), List.of(), null, null));
        assertThat(p.placement().replicaScheduling()).isEqualTo(PropagationPolicy.ReplicaScheduling.Duplicated);
        assertThat(p.failover()).isEqualTo(new PropagationPolicy.Failover(true,
                new PropagationPolicy.ApplicationFailover(300, PropagationPolicy.PurgeMode.Gracefully, 600L, List.of()), null,
                CheckpointStorage.NONE));
    }

    @Test
    void readsAClusterPropagationPolicyInJsonWithoutPlacement() {
        String json = """
                {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterPropagationPolicy",
                 "metadata": {"name": "all-deployments"},
                 "spec": {"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}]}}
                """;
        ParsedPolicy parsed = parser.parse(json.getBytes(StandardCharsets.UTF_8), null);

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.policy().scope()).isEqualTo(PropagationPolicy.Scope.CLUSTER);
        assertThat(parsed.policy().namespace()).isNull();
        assertThat(parsed.policy().key()).isEqualTo("ClusterPropagationPolicy/all-deployments");
        assertThat(parsed.policy().placement()).isEqualTo(PropagationPolicy.Placement.ANYWHERE);
        assertThat(parsed.policy().failover()).isNull();
    }

    @Test
    void takesTheNamespaceFromTheKeyAndRefusesADifferentOne() {
        String noNamespace = """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: p}
                spec:
                  resourceSelectors: [{apiVersion: v1, kind: Pod}]
                """;
        assertThat(parser.parse(noNamespace.getBytes(StandardCharsets.UTF_8), "team-b").policy().namespace()).isEqualTo("team-b");
        assertThat(fields(parse(noNamespace))).containsExactly("metadata.namespace");
        assertThat(parser.parse(policy("").getBytes(StandardCharsets.UTF_8), "team-b").errors()).containsExactly(
                new FieldError("metadata.namespace", "team-a", "differs from the namespace of the policy key (team-b)"));
    }

    @Test
    void acceptsDividedReplicasAndSpreadConstraintsThePlacementStageSchedulesOverSeveralClusters() {
        ParsedPolicy divided = parse(policy("""
                placement:
                  replicaScheduling:
                    replicaSchedulingType: Divided
                    weightPreference: {dynamicWeight: AvailableReplicas}
                """));
        ParsedPolicy defaultedDivided = parse(policy("""
                placement:
                  replicaScheduling: {replicaDivisionPreference: Aggregated}
                """));
        ParsedPolicy spread = parse(policy("""
                placement:
                  spreadConstraints:
                    - {spreadByField: region, minGroups: 2}
                    - {spreadByField: cluster, minGroups: 2, maxGroups: 4}
                """));

        assertThat(divided.errors()).isEmpty();
        assertThat(divided.policy().placement().replicaScheduling()).isEqualTo(PropagationPolicy.ReplicaScheduling.Divided);
        assertThat(ReplicaScheduler.needsSeveralClusters(divided.policy().placement())).isTrue();
        assertThat(defaultedDivided.errors()).isEmpty();
        assertThat(defaultedDivided.policy().placement().division().preference()).isEqualTo(ReplicaDivision.Preference.Aggregated);
        assertThat(spread.errors()).isEmpty();
        assertThat(ReplicaScheduler.needsSeveralClusters(spread.policy().placement())).isTrue();
    }

    @Test
    void acceptsTheSpreadConstraintThatSelectsOneCluster() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterAffinity: {clusterNames: [member1, member2]}
                  spreadConstraints: [{spreadByField: cluster, minGroups: 1, maxGroups: 1}]
                """));

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.policy().placement().spreadConstraints())
                .containsExactly(new SpreadConstraint(SpreadConstraint.SpreadBy.cluster, null, 1, 1));
        assertThat(parsed.policy().placement().replicaScheduling()).isEqualTo(PropagationPolicy.ReplicaScheduling.Duplicated);
        assertThat(ReplicaScheduler.needsSeveralClusters(parsed.policy().placement())).as("placed on one cluster, as before").isFalse();
    }

    @Test
    void refusesBothClusterAffinityAndClusterAffinities() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterAffinity: {clusterNames: [a]}
                  clusterAffinities: [{affinityName: g, clusterNames: [b]}]
                """));

        assertThat(parsed.policy()).isNull();
        assertThat(parsed.errors()).extracting(FieldError::field, FieldError::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("spec.placement.clusterAffinities", "must not be given together with clusterAffinity"));
    }

    @Test
    void namesEveryUnknownOrUnsupportedFieldInsidePlacement() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterAffinity:
                    clusterNames: [a]
                    clusterName: b
                    fieldSelector: {matchExpressions: [{key: rack, operator: In, values: [r1]}]}
                  clusterTolerations:
                    - {key: k, operator: Exists, tolerationSecond: 3}
                  replicaScheduling: {replicaSchedulingTyp: Divided, replicaSchedulingType: Duplicated}
                  weight: 3
                """));

        assertThat(fields(parsed)).containsExactlyInAnyOrder(
                "spec.placement.clusterAffinity.clusterName",
                "spec.placement.clusterAffinity.fieldSelector.matchExpressions[0].key",
                "spec.placement.clusterTolerations[0].tolerationSecond",
                "spec.placement.replicaScheduling.replicaSchedulingTyp",
                "spec.placement.weight");
    }

    @Test
    void readsKarmadasDeprecatedApplicationPurgeModesAsItsControllersDo() {
        ParsedPolicy immediately = parse(policy("""
                failover: {application: {decisionConditions: {tolerationSeconds: 60}, purgeMode: Immediately}}
                """));
        ParsedPolicy graciously = parse(policy("""
                failover: {application: {decisionConditions: {tolerationSeconds: 60}, purgeMode: Graciously, gracePeriodSeconds: 90}}
                """));
        ParsedPolicy immediatelyWithGrace = parse(policy("""
                failover: {application: {decisionConditions: {tolerationSeconds: 60}, purgeMode: Immediately, gracePeriodSeconds: 90}}
                """));

        assertThat(immediately.errors()).isEmpty();
        assertThat(immediately.policy().failover().application())
                .isEqualTo(new PropagationPolicy.ApplicationFailover(60, PropagationPolicy.PurgeMode.Directly, null, List.of()));
        assertThat(graciously.errors()).isEmpty();
        assertThat(graciously.policy().failover().application())
                .isEqualTo(new PropagationPolicy.ApplicationFailover(60, PropagationPolicy.PurgeMode.Gracefully, 90L, List.of()));
        assertThat(fields(immediatelyWithGrace)).as("Karmada: gracePeriodSeconds only takes effect when purgeMode is gracefully")
                .containsExactly("spec.failover.application.gracePeriodSeconds");
    }

    @Test
    void acceptsTheDeprecatedAssociationAsFalseAndRefusesItAsTrueForNoKarmadaControllerReadsIt() {
        ParsedPolicy off = parse(policy("""
                association: false
                placement: {clusterAffinity: {clusterNames: [member1]}}
                """));
        ParsedPolicy on = parse(policy("association: true"));

        assertThat(off.errors()).isEmpty();
        assertThat(off.policy().placement().affinityGroups()).hasSize(1);
        assertThat(on.errors()).containsExactly(new FieldError("spec.association", "true",
                "would be ignored by Karmada: deprecated for propagateDeps, and read by none of its controllers"));
    }

    @Test
    void readsATolerationWithAnEmptyKeyAndEqualAsKarmadaDoes() {
        // As in Karmada's artifacts/example/propagationpolicy_taintToleration.yaml.
        ParsedPolicy parsed = parse(policy("""
                placement:
                  clusterTolerations:
                    - effect: "NoSchedule"
                """));

        assertThat(parsed.errors()).isEmpty();
        Toleration toleration = parsed.policy().placement().tolerations().get(0);
        assertThat(toleration).isEqualTo(new Toleration("", Toleration.Operator.Equal, "", ClusterTaint.Effect.NoSchedule, null));
        assertThat(toleration.tolerates(new ClusterTaint("any", "", ClusterTaint.Effect.NoSchedule)))
                .as("every key whose value is the toleration's (here empty)").isTrue();
        assertThat(toleration.tolerates(new ClusterTaint("any", "v", ClusterTaint.Effect.NoSchedule))).isFalse();
        assertThat(toleration.tolerates(new ClusterTaint("any", "", ClusterTaint.Effect.NoExecute))).isFalse();
    }

    @Test
    void saysWhichKarmadaReleaseAddedAPlacementFieldNewerThanV115() {
        ParsedPolicy parsed = parse(policy("""
                placement:
                  workloadAffinity: {affinity: {groupByLabelKey: app}}
                  clusterAffinities:
                    - {affinityName: gpu, clusterNames: [a], overflowAffinities: [{affinityName: cpu, clusterNames: [b]}]}
                """));

        assertThat(parsed.errors()).extracting(FieldError::field, FieldError::reason).containsExactlyInAnyOrder(
                tuple("spec.placement.workloadAffinity", "is not a field of Karmada v1.15, which fedstream follows: Karmada v1.17"
                        + " added it (expected clusterAffinity, clusterAffinities, clusterTolerations, spreadConstraints, replicaScheduling)"),
                tuple("spec.placement.clusterAffinities[0].overflowAffinities", "is not a field of Karmada v1.15, which fedstream"
                        + " follows: Karmada added it after v1.18 (expected affinityName, clusterNames, exclude, labelSelector, fieldSelector)"));
    }

    @Test
    void reportsEveryBadValueAtOnce() {
        ParsedPolicy parsed = parse("""
                apiVersion: policy.karmada.io/v1beta1
                kind: PropagationPolicies
                metadata: {name: Bad_Name, namespace: team-a}
                spec:
                  priority: 1.5
                  resourceSelectors:
                    - {kind: Deployment, labelSelector: {matchExpressions: [{key: app, operator: Like, values: [x]}]}}
                  placement:
                    clusterAffinities:
                      - {affinityName: g, clusterNames: [a]}
                      - {affinityName: g, labelSelector: {matchExpressions: [{key: zone, operator: In}]}}
                      - {affinityName: a-very-long-group-name-of-more-than-32-chars}
                      - {clusterNames: [c], exclude: [7]}
                    clusterTolerations:
                      - {key: k, operator: Like}
                      - {key: k, operator: Exists, value: v, effect: NoExecute}
                      - {key: k, effect: NoSchedule, tolerationSeconds: 10}
                      - {key: k, effect: Sometimes}
                    replicaScheduling: {replicaSchedulingType: Split, replicaDivisionPreference: Even}
                  failover:
                    cluster: {purgeMode: Never}
                    application:
                      decisionConditions: {tolerationSeconds: -1}
                      purgeMode: Eventually
                      statePreservation:
                        rules:
                          - {aliasLabelName: x}
                          - {aliasLabelName: x, jsonPath: "{.a}"}
                  surprise: true
                """);

        assertThat(parsed.policy()).isNull();
        assertThat(fields(parsed)).containsExactlyInAnyOrder(
                "apiVersion",
                "kind",
                "metadata.name",
                "spec.priority",
                "spec.resourceSelectors[0].apiVersion",
                "spec.resourceSelectors[0].labelSelector.matchExpressions[0].operator",
                "spec.placement.clusterAffinities[1].affinityName",
                "spec.placement.clusterAffinities[1].labelSelector.matchExpressions[0].values",
                "spec.placement.clusterAffinities[2].affinityName",
                "spec.placement.clusterAffinities[3].affinityName",
                "spec.placement.clusterAffinities[3].exclude[0]",
                "spec.placement.clusterTolerations[0].operator",
                "spec.placement.clusterTolerations[1].value",
                "spec.placement.clusterTolerations[2].tolerationSeconds",
                "spec.placement.clusterTolerations[3].effect",
                "spec.placement.replicaScheduling.replicaSchedulingType",
                "spec.placement.replicaScheduling.replicaDivisionPreference",
                "spec.failover.cluster.purgeMode",
                "spec.failover.application.decisionConditions.tolerationSeconds",
                "spec.failover.application.purgeMode",
                "spec.failover.application.statePreservation.rules[0].jsonPath",
                "spec.failover.application.statePreservation.rules[1].aliasLabelName",
                "spec.surprise");
        assertThat(parsed.errors()).contains(
                new FieldError("spec.failover.application.purgeMode", "Eventually",
                        "must be one of Directly, Gracefully, Never, or the deprecated Immediately (Directly) or Graciously (Gracefully)"),
                new FieldError("spec.placement.clusterAffinities[1].affinityName", "g",
                        "is also used at spec.placement.clusterAffinities[0].affinityName; affinity group names must be unique"));
    }

    @Test
    void refusesAGracePeriodWithoutGracefulPurgeAndAMissingDecision() {
        ParsedPolicy parsed = parse(policy("""
                failover:
                  application:
                    purgeMode: Never
                    gracePeriodSeconds: 10
                """));

        assertThat(parsed.errors()).containsExactlyInAnyOrder(
                new FieldError("spec.failover.application.decisionConditions", null, "is required"),
                new FieldError("spec.failover.application.gracePeriodSeconds", "10", "only applies when purgeMode is Gracefully"));
    }

    @Test
    void refusesANamespaceOnAClusterPolicyAndMissingSelectors() {
        ParsedPolicy parsed = parse("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: ClusterPropagationPolicy
                metadata: {name: c, namespace: team-a}
                spec:
                  resourceSelectors: []
                """);

        assertThat(fields(parsed)).containsExactly("metadata.namespace", "spec.resourceSelectors");
    }

    @Test
    void refusesSeveralDocumentsAndBrokenYaml() {
        assertThat(fields(parse(policy("") + "---\n" + policy("")))).containsExactly("manifest");
        assertThat(fields(parse("spec: [unclosed"))).containsExactly("manifest");
    }
}
