package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.override.ReplicaRevision;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The manifest a moved Divided share is applied with: the share's replicas, from JSON or YAML; untouched without a share. */
class ShareManifestTest {

    private static final String YAML_DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            spec:
              replicas: 6
              template:
                spec:
                  containers: [{name: web, image: web:1, resources: {requests: {cpu: "1"}}}]
            """;

    @Test
    void aYamlManifestGetsTheSharesReplicas() throws Exception {
        ReplicaRevision.Revised revised = ShareManifest.of(YAML_DEPLOYMENT, Map.of("main", 2L));

        assertThat(new ObjectMapper().readTree(revised.manifest()).at("/spec/replicas").asLong()).isEqualTo(2);
        assertThat(new ObjectMapper().readTree(revised.manifest()).at("/spec/template/spec/containers/0/image").asText()).isEqualTo("web:1");
        assertThat(ShareManifest.unrevisedNote(revised, Map.of("main", 2L))).isNull();
    }

    @Test
    void withoutAShareTheManifestIsAppliedAsItIs() {
        assertThat(ShareManifest.of(YAML_DEPLOYMENT, Map.of()).manifest()).isSameAs(YAML_DEPLOYMENT);
    }

    @Test
    void aComponentTheManifestDoesNotHaveIsNamed() {
        Map<String, Long> share = Map.of("main", 2L, "sidecar", 1L);
        ReplicaRevision.Revised revised = ShareManifest.of(YAML_DEPLOYMENT, share);

        assertThat(ShareManifest.unrevisedNote(revised, share))
                .isEqualTo("the share's replicas of sidecar (1) are not one field of the manifest: applied as written");
    }
}
