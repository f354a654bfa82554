package io.fedstream.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.FieldError;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Karmada Cluster manifest read as a heartbeat. */
class ClusterManifestTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void readsLabelsTaintsConditionsAndResourceSummary() throws Exception {
        ClusterHealthEvent heartbeat = ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata:
                  name: member1
                  labels: {region: eu-west, tier: gold}
                spec:
                  apiEndpoint: https://172.23.0.7:6443
                  syncMode: Push
                  taints:
                  - {key: cluster.karmada.io/not-ready, effect: NoSchedule, timeAdded: "2026-11-29T09:00:00Z"}
                  - {key: maintenance, value: planned, effect: NoExecute}
                status:
                  kubernetesVersion: v1.31.0
                  conditions:
                  - {type: Ready, status: "False", reason: ClusterNotReachable, message: cluster is not reachable,
                     lastTransitionTime: "2026-11-29T09:59:00Z"}
                  resourceSummary:
                    allocatable: {cpu: "64", memory: 268435456Ki, pods: 1100}
                    allocated: {cpu: 12500m, memory: 48Gi}
                    allocating: {cpu: "1"}
                """), NOW, "fedstream apply");

        assertThat(heartbeat).isEqualTo(ClusterHealthEvent.newBuilder()
                .setCluster("member1")
                .setHeartbeatAt(NOW)
                .setLabels(Map.of("region", "eu-west", "tier", "gold"))
                .setTaints(List.of(
                        Taint.newBuilder().setKey("cluster.karmada.io/not-ready").setEffect("NoSchedule").build(),
                        Taint.newBuilder().setKey("maintenance").setValue("planned").setEffect("NoExecute").build()))
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("False")
                        .setReason("ClusterNotReachable").setMessage("cluster is not reachable")
                        .setLastTransitionTime(Instant.parse("2026-11-29T09:59:00Z")).build()))
                .setAllocatable(Map.of("cpu", "64", "memory", "256Gi", "pods", "1100"))
                .setAllocated(Map.of("cpu", "12500m", "memory", "48Gi"))
                .setSource("fedstream apply")
                .build());
    }

    @Test
    void readsProviderRegionAndZonesAndTheDeprecatedZoneWhenNoListIsGiven() throws Exception {
        ClusterHealthEvent zones = ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1}
                spec: {provider: aws, region: eu-west-1, zones: [eu-west-1a, eu-west-1b], zone: eu-west-1c}
                """), NOW, null);
        ClusterHealthEvent zone = ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member2}
                spec: {region: us-east-1, zone: us-east-1a}
                """), NOW, null);

        assertThat(List.of(zones.getProvider(), zones.getRegion(), zones.getZones()))
                .containsExactly("aws", "eu-west-1", List.of("eu-west-1a", "eu-west-1b"));
        assertThat(List.of(String.valueOf(zone.getProvider()), zone.getRegion(), zone.getZones()))
                .containsExactly("null", "us-east-1", List.of("us-east-1a"));
        assertThatThrownBy(() -> ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member3}
                spec: {region: 7, zones: [a, ""]}
                """), NOW, null))
                .isInstanceOfSatisfying(ClusterManifest.InvalidClusterException.class, e -> assertThat(e.errors()).containsExactly(
                        new FieldError("spec.region", "7", "must be a string"),
                        new FieldError("spec.zones[1]", "\"\"", "must be a zone name")));
    }

    @Test
    void aBareClusterIsAHeartbeatWithNothingElse() throws Exception {
        ClusterHealthEvent heartbeat = ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member2}
                """), NOW, null);

        assertThat(heartbeat.getCluster()).isEqualTo("member2");
        assertThat(heartbeat.getConditions()).isEmpty();
        assertThat(heartbeat.getTaints()).isEmpty();
        assertThat(heartbeat.getAllocatable()).isEmpty();
    }

    @Test
    void everyProblemIsNamedWithItsFieldAndValue() {
        assertThatThrownBy(() -> ClusterManifest.heartbeat(yaml("""
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: member1, labels: {size: 3}}
                spec: {taints: [{effect: NoExecute}, {key: k, effect: Sometimes}]}
                status:
                  conditions: [{type: Ready}, {type: Ready, status: "True", lastTransitionTime: yesterday}]
                  resourceSummary: {allocatable: {cpu: "-2"}, allocated: [1]}
                """), NOW, null))
                .isInstanceOfSatisfying(ClusterManifest.InvalidClusterException.class, e -> assertThat(e.errors()).containsExactly(
                        new FieldError("metadata.labels.size", "3", "must be a string"),
                        new FieldError("spec.taints[0].key", null, "is required"),
                        new FieldError("spec.taints[1].effect", "Sometimes", "must be NoSchedule, PreferNoSchedule or NoExecute"),
                        new FieldError("status.conditions[0].status", null, "is required"),
                        new FieldError("status.conditions[1].lastTransitionTime", "yesterday",
                                "must be an RFC 3339 time, e.g. 2026-11-29T10:00:00Z"),
                        new FieldError("status.resourceSummary.allocatable.cpu", "-2", "must not be negative"),
                        new FieldError("status.resourceSummary.allocated", "[1]", "must be a mapping of resource names to quantities")));
    }

    private static JsonNode yaml(String text) throws Exception {
        return new YAMLMapper().readTree(text);
    }
}
