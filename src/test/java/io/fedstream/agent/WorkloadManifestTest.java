package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WorkloadManifestTest {

    @Test
    void keysAsApplyDoesAndDropsWhatTheServerWrote() {
        WorkloadManifest manifest = WorkloadManifest.of("""
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment",
                 "metadata":{"name":"fraud","namespace":"payments","uid":"u-1","resourceVersion":"42","generation":3,
                   "creationTimestamp":"2026-12-01T10:00:00Z","managedFields":[{"manager":"kubectl"}],
                   "labels":{"app":"fraud"},
                   "annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}","team":"risk"}},
                 "spec":{"job":{"parallelism":4}},
                 "status":{"jobStatus":{"state":"RUNNING"}}}""");

        assertThat(manifest.key()).isEqualTo("flink.apache.org/FlinkDeployment/payments/fraud");
        assertThat(manifest.json()).isEqualTo("{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\","
                + "\"metadata\":{\"name\":\"fraud\",\"namespace\":\"payments\",\"labels\":{\"app\":\"fraud\"},"
                + "\"annotations\":{\"team\":\"risk\"}},\"spec\":{\"job\":{\"parallelism\":4}}}");
        assertThat(manifest.annotation("team")).isEqualTo("risk");
        assertThat(manifest.label("app")).isEqualTo("fraud");
        assertThat(manifest.isControlled()).isFalse();
    }

    @Test
    void coreKindsWithoutNamespaceAreKeyedInDefaultAndEmptyAnnotationsGo() {
        WorkloadManifest pod = WorkloadManifest.of("""
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","annotations":{
                  "kubectl.kubernetes.io/last-applied-configuration":"{}"}},"spec":{}}""");

        assertThat(pod.key()).isEqualTo("core/Pod/default/p");
        assertThat(pod.json()).isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{}}");
    }

    @Test
    void anObjectItsControllerOwnsIsControlled() {
        WorkloadManifest replicaSet = WorkloadManifest.of("""
                {"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web-5d4","namespace":"a",
                 "ownerReferences":[{"kind":"Deployment","name":"web","controller":true}]}}""");
        WorkloadManifest referenced = WorkloadManifest.of("""
                {"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web-5d4","namespace":"a",
                 "ownerReferences":[{"kind":"ConfigMap","name":"x"}]}}""");

        assertThat(replicaSet.isControlled()).isTrue();
        assertThat(referenced.isControlled()).isFalse();
    }

    @Test
    void anObjectWithoutKindIsRefusedNamingTheFields() {
        assertThatThrownBy(() -> WorkloadManifest.of("{\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p\"}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("apiVersion, kind and metadata.name are required");
    }
}
