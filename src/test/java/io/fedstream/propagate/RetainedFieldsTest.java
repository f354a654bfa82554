package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** What an update keeps of the object on the cluster, as Karmada's object watcher keeps it. */
class RetainedFieldsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theClustersOwnLabelsAndAnnotationsStayAndThoseFedstreamNoLongerSetsGo() throws Exception {
        ObjectNode desired = (ObjectNode) JSON.readTree("""
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","labels":{"app":"web"},
                 "annotations":{"fedstream.io/managed-labels":"app"}},"data":{"a":"1"}}""");
        JsonNode live = JSON.readTree("""
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","resourceVersion":"12","finalizers":["f"],
                 "labels":{"app":"web","tier":"old","added-by-cluster":"yes"},
                 "annotations":{"fedstream.io/managed-labels":"app,tier","fedstream.io/evicted":"2026-12-06T11:00:00Z","note":"x"}},
                 "data":{"a":"0"}}""");

        ObjectNode body = RetainedFields.update(desired, live);

        assertThat(body.at("/metadata/resourceVersion").asText()).isEqualTo("12");
        assertThat(body.at("/metadata/finalizers/0").asText()).isEqualTo("f");
        assertThat(body.at("/metadata/labels")).isEqualTo(JSON.readTree("{\"app\":\"web\",\"added-by-cluster\":\"yes\"}"));
        assertThat(body.at("/metadata/annotations").has("note")).isTrue();
        assertThat(body.at("/metadata/annotations").has("fedstream.io/evicted")).as("a state mark is the executor's alone").isFalse();
        assertThat(body.at("/data/a").asText()).isEqualTo("1");
        assertThat(desired.at("/metadata/resourceVersion").isMissingNode()).as("the desired object is not changed").isTrue();
    }

    @Test
    void aServiceKeepsItsClusterIpAndAServiceAccountItsTokenSecrets() throws Exception {
        ObjectNode service = (ObjectNode) JSON.readTree("{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"s\"},\"spec\":{\"ports\":[]}}");
        JsonNode liveService = JSON.readTree("""
                {"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"clusterIP":"10.0.0.7","clusterIPs":["10.0.0.7"]}}""");
        ObjectNode account = (ObjectNode) JSON.readTree("{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"sa\"},\"secrets\":[{\"name\":\"mine\"}]}");
        JsonNode liveAccount = JSON.readTree("""
                {"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"sa"},"secrets":[{"name":"mine"},{"name":"sa-token-x"}]}""");

        assertThat(RetainedFields.update(service, liveService).at("/spec/clusterIP").asText()).isEqualTo("10.0.0.7");
        assertThat(RetainedFields.update(account, liveAccount).path("secrets")).hasSize(2);
    }

    @Test
    void theStatusTheClusterReportsIsSentBack() throws Exception {
        ObjectNode desired = (ObjectNode) JSON.readTree("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},\"spec\":{\"replicas\":2}}");
        JsonNode live = JSON.readTree("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},\"spec\":{\"replicas\":1},\"status\":{\"replicas\":1}}");

        assertThat(RetainedFields.update(desired, live).at("/status/replicas").asLong()).isEqualTo(1);
        assertThat(RetainedFields.update(desired, live).at("/spec/replicas").asLong()).isEqualTo(2);
    }
    @Test
    void aPodKeepsItsNodeServiceAccountVolumesAndEachContainersMounts() throws Exception {
        ObjectNode desired = (ObjectNode) JSON.readTree("""
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"a","image":"a:2"},
                 {"name":"b","image":"b:1","volumeMounts":[{"name":"mine","mountPath":"/m"}]}]}}""");
        JsonNode live = JSON.readTree("""
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"nodeName":"node-3","serviceAccountName":"default",
                 "volumes":[{"name":"token","projected":{}}],
                 "containers":[{"name":"a","image":"a:1","volumeMounts":[{"name":"token","mountPath":"/var/run/secrets"}]},
                 {"name":"b","image":"b:1"}]}}""");

        ObjectNode body = RetainedFields.update(desired, live);

        assertThat(body.at("/spec/nodeName").asText()).isEqualTo("node-3");
        assertThat(body.at("/spec/serviceAccountName").asText()).isEqualTo("default");
        assertThat(body.at("/spec/volumes/0/name").asText()).isEqualTo("token");
        assertThat(body.at("/spec/containers/0/image").asText()).as("the image is fedstream's").isEqualTo("a:2");
        assertThat(body.at("/spec/containers/0/volumeMounts/0/name").asText()).isEqualTo("token");
        assertThat(body.at("/spec/containers/1").has("volumeMounts")).as("as Karmada: the cluster's mounts, none here").isFalse();
    }
}
