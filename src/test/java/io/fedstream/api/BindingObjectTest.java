package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.propagate.BindingStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's ResourceBinding object: Karmada's shape where Karmada has one, and nothing of the binding lost. */
class BindingObjectTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void flinkDeploymentRendersAsAKarmadaLikeResourceBinding() throws Exception {
        // Compared as parsed text: the object holds longs where parsing gives ints.
        JsonNode object = JSON.readTree(JSON.writeValueAsString(
                BindingObject.toJson(TestBindings.flink("flink.apache.org", "streaming", "fraud-detector"))));

        assertThat(object).isEqualTo(JSON.readTree("""
                {"apiVersion":"work.karmada.io/v1alpha2","kind":"ResourceBinding",
                 "metadata":{"name":"fraud-detector-flinkdeployment","namespace":"streaming","generation":2,
                   "resourceVersion":"1795946400000",
                   "labels":{"team":"fraud"},
                   "annotations":{"fedstream.io/workload-key":"flink.apache.org/FlinkDeployment/streaming/fraud-detector"}},
                 "spec":{
                   "resource":{"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","namespace":"streaming","name":"fraud-detector"},
                   "components":[
                     {"name":"jobmanager","replicas":1,
                      "replicaRequirements":{"resourceRequest":{"cpu":"1","memory":"2Gi"},"priorityClassName":"high"}},
                     {"name":"taskmanager","replicas":4,"minReplicas":2,
                      "replicaRequirements":{"resourceRequest":{"cpu":"2","memory":"4Gi","nvidia.com/gpu":"1"},"priorityClassName":"high"}}],
                   "clusters":[{"name":"eu-west-1"}],
                   "placement":{"replicaScheduling":{"replicaSchedulingType":"Duplicated"},"decidedBy":"user"}},
                 "status":{
                   "resourceRequests":[
                     {"templateName":"jobmanager","replicas":1,"cpu":"1","memory":"2Gi"},
                     {"templateName":"taskmanager","replicas":4,"cpu":"8","memory":"16Gi","nvidia.com/gpu":"4"}],
                   "total":{"cpu":"9","memory":"18Gi","nvidia.com/gpu":"4"},
                   "interpretation":{"state":"INTERPRETED","interpreter":"built-in:flink.apache.org/v1beta1/FlinkDeployment","errors":[],
                                     "warnings":[]},
                   "admission":{"state":"PENDING","reason":null,"rejections":[],"charged":{},"chargedGeneration":null,"decidedAt":null,
                                 "requestedPlacement":null,"fullStaticAssignments":[]},
                   "schedulerObservedGeneration":2,
                   "observedAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}}
                """));
    }

    @Test
    void givenItsCopiesTheBindingShowsTheConditionsAndAggregatedStatusTheyGiveIt() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        WorkStatusEvent copy = WorkStatusEvent.newBuilder().setWorkloadKey(binding.getWorkloadKey()).setCluster("eu-west-1")
                .setDispatch(WorkDispatch.newBuilder().setState(WorkState.FAILED).setGeneration(2).setMessage("admission webhook denied").build())
                .setObservedAt(Instant.parse("2026-12-06T12:00:00Z")).build();

        ObjectNode shown = BindingObject.toJson(binding, List.of(copy));

        BindingStatus status = BindingStatus.of(binding, List.of(copy));
        assertThat(shown.at("/status/conditions")).isEqualTo(status.toJson().get("conditions"));
        assertThat(shown.at("/status/aggregatedStatus")).isEqualTo(status.toJson().get("aggregatedStatus"));
        assertThat(shown.at("/status/conditions/1/status").asText()).isEqualTo("False");
        assertThat(shown.at("/status/aggregatedStatus/0/appliedMessage").asText()).isEqualTo("admission webhook denied");
        assertThat(shown.at("/status/resourceRequests")).as("fedstream's own status beside Karmada's").hasSize(2);
        assertThat(BindingObject.fromJson(shown)).isEqualTo(binding);
    }

    @Test
    void objectReadsBackIntoTheSameBinding() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        binding.getComponents().get(1).setPerPodLimits(Map.of("cpu", "4"));
        binding.getComponents().get(1).setTotalLimits(Map.of("cpu", "16"));
        binding.setTotalLimits(Map.of("cpu", "16"));

        assertThat(BindingObject.fromJson(BindingObject.toJson(binding))).isEqualTo(binding);
    }

    @Test
    void thePolicyAPlacementWasScheduledUnderShowsAsKarmadasAnnotationsAndReadsBack() {
        ResourceBinding namespaced = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        namespaced.getPlacement().setPolicy("PropagationPolicy/streaming/flink-jobs");
        ResourceBinding clusterScoped = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        clusterScoped.getPlacement().setPolicy("ClusterPropagationPolicy/everywhere");

        JsonNode first = BindingObject.toJson(namespaced).at("/metadata/annotations");
        JsonNode second = BindingObject.toJson(clusterScoped).at("/metadata/annotations");

        assertThat(first.path("propagationpolicy.karmada.io/namespace").asText()).isEqualTo("streaming");
        assertThat(first.path("propagationpolicy.karmada.io/name").asText()).isEqualTo("flink-jobs");
        assertThat(first.has("clusterpropagationpolicy.karmada.io/name")).isFalse();
        assertThat(second.path("clusterpropagationpolicy.karmada.io/name").asText()).isEqualTo("everywhere");
        assertThat(second.has("propagationpolicy.karmada.io/name")).isFalse();
        assertThat(BindingObject.fromJson(BindingObject.toJson(namespaced))).isEqualTo(namespaced);
        assertThat(BindingObject.fromJson(BindingObject.toJson(clusterScoped))).isEqualTo(clusterScoped);
    }

    @Test
    void clusterOverridesShowInTheStatusAndReadBack() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        binding.setClusterOverrides(java.util.List.of(
                io.fedstream.avro.ClusterOverride.newBuilder().setCluster("eu-west-1")
                        .setApplied(java.util.List.of("OverridePolicy streaming/bigger spec.overrideRules[0]"))
                        .setComponents(java.util.List.of(binding.getComponents().get(0)))
                        .setTotal(Map.of("cpu", "1", "memory", "2Gi"))
                        .setManifest("{\"kind\":\"FlinkDeployment\"}").build(),
                io.fedstream.avro.ClusterOverride.newBuilder().setCluster("us-east-1")
                        .setProblem("OverridePolicy streaming/bigger, spec.overrideRules[1].overriders.plaintext[0]: ...").build()));

        ObjectNode object = BindingObject.toJson(binding);

        assertThat(object.at("/status/clusterOverrides/0/cluster").asText()).isEqualTo("eu-west-1");
        assertThat(object.at("/status/clusterOverrides/0/total/cpu").asText()).isEqualTo("1");
        assertThat(object.at("/status/clusterOverrides/0/applied/0").asText()).isEqualTo("OverridePolicy streaming/bigger spec.overrideRules[0]");
        assertThat(object.at("/status/clusterOverrides/1/problem").asText()).startsWith("OverridePolicy streaming/bigger, spec.overrideRules[1]");
        assertThat(BindingObject.fromJson(object)).isEqualTo(binding);
    }

    @Test
    void aShareBeyondItsClustersRoomShowsAsAStatusItemOfThatClusterAndReadsBack() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        binding.getPlacement().setRoomNotes(List.of(new io.fedstream.avro.RoomNote("eu-west-1",
                "cluster eu-west-1's share {jobmanager=1, taskmanager=4} exceeds its reported room: cpu short by 1 (needs 9, free 8)")));
        binding.getInterpretation().setWarnings(List.of(new io.fedstream.avro.InterpretationError("spec.taskManager.replicas", "4",
                "is ignored by the Flink operator in native mode without spec.job")));

        ObjectNode object = BindingObject.toJson(binding);

        assertThat(object.at("/status/roomNotes/0/clusterName").asText()).isEqualTo("eu-west-1");
        assertThat(object.at("/status/roomNotes/0/reason").asText()).isEqualTo("ShareExceedsReportedRoom");
        assertThat(object.at("/status/roomNotes/0/message").asText()).startsWith("cluster eu-west-1's share {jobmanager=1, taskmanager=4}");
        assertThat(object.at("/status/interpretation/warnings/0/field").asText()).isEqualTo("spec.taskManager.replicas");
        assertThat(BindingObject.fromJson(object)).isEqualTo(binding);
    }

    @Test
    void unplacedBindingHasNoClustersNorPlacement() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        binding.setPlacement(null);

        JsonNode spec = BindingObject.toJson(binding).get("spec");
        assertThat(spec.has("clusters")).isFalse();
        assertThat(spec.has("placement")).isFalse();
        assertThat(BindingObject.fromJson(BindingObject.toJson(binding))).isEqualTo(binding);
    }

    @Test
    void eachComponentsShareOfADividedPlacementShowsPerClusterAndReadsBack() {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "streaming", "fraud-detector");
        binding.setPlacement(Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED).setDecidedBy("scheduler").setClusters(List.of(
                new ClusterTarget("eu-west-1", 3L, List.of(new ComponentShare("jobmanager", 1L), new ComponentShare("taskmanager", 2L))),
                new ClusterTarget("eu-west-2", 2L, List.of(new ComponentShare("taskmanager", 2L))))).build());

        JsonNode clusters = BindingObject.toJson(binding).at("/spec/clusters");

        assertThat(clusters.toString()).isEqualTo("[{\"name\":\"eu-west-1\",\"replicas\":3,\"components\":[{\"name\":\"jobmanager\",\"replicas\":1},"
                + "{\"name\":\"taskmanager\",\"replicas\":2}]},{\"name\":\"eu-west-2\",\"replicas\":2,\"components\":"
                + "[{\"name\":\"taskmanager\",\"replicas\":2}]}]");
        assertThat(BindingObject.fromJson(BindingObject.toJson(binding))).isEqualTo(binding);
    }
}
