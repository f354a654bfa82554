package io.fedstream.agent;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import java.util.Map;

/**
 * A member cluster for tests: fabric8's mock API server in CRUD mode (it stores what it is sent and serves lists and
 * watches), with the FlinkDeployment CRD registered so that discovery and generic requests know the kind.
 */
public final class MockCluster implements AutoCloseable {

    public static final ResourceDefinitionContext FLINK = new ResourceDefinitionContext.Builder()
            .withGroup("flink.apache.org").withVersion("v1beta1").withKind("FlinkDeployment").withPlural("flinkdeployments")
            .withNamespaced(true).build();

    private final KubernetesMockServer server;
    private final KubernetesClient client;

    public MockCluster() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init();
        client = server.createClient();
        client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                .withNewMetadata().withName("flinkdeployments.flink.apache.org").endMetadata()
                .withNewSpec().withGroup("flink.apache.org").withScope("Namespaced")
                .withNewNames().withKind("FlinkDeployment").withPlural("flinkdeployments").withSingular("flinkdeployment").endNames()
                .addNewVersion().withName("v1beta1").withServed(true).withStorage(true).endVersion()
                .endSpec().build()).create();
    }

    public KubernetesClient client() {
        return client;
    }

    /** Adds a Ready node with this allocatable. */
    public Node addNode(String name, Map<String, String> allocatable) {
        Map<String, Quantity> quantities = new HashMap<>();
        allocatable.forEach((resource, amount) -> quantities.put(resource, new Quantity(amount)));
        return client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewStatus().withAllocatable(quantities).addNewCondition().withType("Ready").withStatus("True").endCondition()
                .endStatus().build()).create();
    }

    /** Creates an object from JSON, status included (the mock keeps what it is sent). */
    public GenericKubernetesResource create(ResourceDefinitionContext kind, String json) {
        GenericKubernetesResource object = client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class);
        return client.genericKubernetesResources(kind).inNamespace(object.getMetadata().getNamespace()).resource(object).create();
    }

    /** The object, or null. */
    public GenericKubernetesResource get(ResourceDefinitionContext kind, String namespace, String name) {
        return client.genericKubernetesResources(kind).inNamespace(namespace).withName(name).get();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
