package io.fedstream.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * A member cluster for tests: fabric8's mock API server in CRUD mode (it stores what it is sent and serves lists and
 * watches), with the FlinkDeployment CRD registered, and API discovery of the built-in kinds fedstream propagates
 * answered as a real API server answers it, and {@code /apis} listing their groups beside the created CRDs' (the mock
 * alone serves the resources of registered CRDs only). It keeps a log of
 * every request, as {@code METHOD path}; a create's path ends with the name of the object it creates.
 */
public final class MockCluster implements AutoCloseable {

    public static final ResourceDefinitionContext FLINK = new ResourceDefinitionContext.Builder()
            .withGroup("flink.apache.org").withVersion("v1beta1").withKind("FlinkDeployment").withPlural("flinkdeployments")
            .withNamespaced(true).build();

    /** Built-in kinds by discovery path: plural, kind, namespaced. */
    private static final Map<String, List<String[]>> BUILT_IN = Map.of(
            "/api/v1", List.of(new String[] {"pods", "Pod", "true"}, new String[] {"configmaps", "ConfigMap", "true"},
                    new String[] {"secrets", "Secret", "true"}, new String[] {"serviceaccounts", "ServiceAccount", "true"},
                    new String[] {"persistentvolumeclaims", "PersistentVolumeClaim", "true"}, new String[] {"services", "Service", "true"},
                    new String[] {"namespaces", "Namespace", "false"}, new String[] {"nodes", "Node", "false"}),
            "/apis/apps/v1", List.of(new String[] {"deployments", "Deployment", "true"}, new String[] {"statefulsets", "StatefulSet", "true"},
                    new String[] {"daemonsets", "DaemonSet", "true"}, new String[] {"replicasets", "ReplicaSet", "true"}),
            "/apis/batch/v1", List.of(new String[] {"jobs", "Job", "true"}, new String[] {"cronjobs", "CronJob", "true"}),
            "/apis/rbac.authorization.k8s.io/v1", List.of(new String[] {"clusterroles", "ClusterRole", "false"},
                    new String[] {"clusterrolebindings", "ClusterRoleBinding", "false"}, new String[] {"roles", "Role", "true"},
                    new String[] {"rolebindings", "RoleBinding", "true"}),
            "/apis/apiextensions.k8s.io/v1", List.<String[]>of(new String[] {"customresourcedefinitions", "CustomResourceDefinition", "false"}));

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Dispatcher dispatcher = new Dispatcher();
    private KubernetesMockServer server;
    private final KubernetesClient client;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    public MockCluster() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
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

    /** The API server's URL, for a kubeconfig of another process. */
    public String url() {
        return client.getMasterUrl().toString();
    }

    /** Every request served so far, as {@code METHOD path} (query included; a create's path ends with its object's name), in order. */
    public List<String> requests() {
        return List.copyOf(requests);
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

    /** The API server goes away: connections to its port are refused until {@link #restart}; what it stores is kept. */
    public void stop() {
        server.destroy();
    }

    /** The API server comes back on the same port with what it stored, as one behind etcd does. */
    public void restart() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
        try {
            server.init(InetAddress.getByName(client.getMasterUrl().getHost()), client.getMasterUrl().getPort());
        } catch (UnknownHostException e) {
            throw new IllegalStateException("the mock API server's own host does not resolve: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }

    /** The CRUD dispatcher, with discovery of the built-in kinds and the created CRDs, and the request log. */
    private final class Dispatcher extends KubernetesCrudDispatcher {

        /** The group/version of every CRD created, for {@code /apis} (the mock serves their resources, not their groups). */
        private final Set<String> crdGroupVersions = new java.util.concurrent.ConcurrentSkipListSet<>();

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            String path = request.getPath();
            if ("POST".equals(request.getMethod())) {
                String body = new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
                if (path.endsWith("/customresourcedefinitions")) {
                    crdGroupVersions.addAll(groupVersionsIn(body));
                }
                // A create names its object in the body: the log shows the path the object then has.
                path = path + "/" + nameIn(body);
            }
            requests.add(request.getMethod() + " " + path);
            return super.dispatch(request);
        }

        /** The groups a real API server lists at {@code /apis}: the built-in ones beside the created CRDs'. */
        private MockResponse groups() {
            Set<String> groupVersions = new java.util.TreeSet<>(crdGroupVersions);
            BUILT_IN.keySet().stream().filter(path -> path.startsWith("/apis/")).forEach(path -> groupVersions.add(path.substring("/apis/".length())));
            ObjectNode list = JSON.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
            ArrayNode groups = list.putArray("groups");
            Map<String, ObjectNode> byName = new java.util.TreeMap<>();
            for (String groupVersion : groupVersions) {
                String group = groupVersion.substring(0, groupVersion.indexOf('/'));
                ObjectNode version = JSON.createObjectNode().put("groupVersion", groupVersion)
                        .put("version", groupVersion.substring(group.length() + 1));
                ObjectNode entry = byName.computeIfAbsent(group, name -> {
                    ObjectNode added = groups.addObject().put("name", name);
                    added.set("preferredVersion", version);
                    added.putArray("versions");
                    return added;
                });
                entry.withArray("versions").add(version);
            }
            return new MockResponse().setResponseCode(200).setBody(list.toString());
        }

        private static List<String> groupVersionsIn(String crd) {
            try {
                JsonNode spec = JSON.readTree(crd).path("spec");
                List<String> out = new java.util.ArrayList<>();
                spec.path("versions").forEach(version -> out.add(spec.path("group").asText() + "/" + version.path("name").asText()));
                return out;
            } catch (JsonProcessingException e) {
                return List.of();
            }
        }

        private static String nameIn(String body) {
            try {
                return JSON.readTree(body).path("metadata").path("name").asText();
            } catch (JsonProcessingException e) {
                return "?";
            }
        }

        @Override
        public MockResponse handleGet(String path) {
            if ("/apis".equals(path)) {
                return groups();
            }
            List<String[]> kinds = BUILT_IN.get(path);
            if (kinds == null) {
                return super.handleGet(path);
            }
            String groupVersion = path.startsWith("/api/") ? "v1" : path.substring("/apis/".length());
            String resources = kinds.stream().map(kind -> "{\"name\":\"%s\",\"kind\":\"%s\",\"namespaced\":%s,\"verbs\":[\"create\",\"delete\",\"get\",\"list\",\"patch\",\"update\",\"watch\"]}"
                    .formatted(kind[0], kind[1], kind[2])).collect(Collectors.joining(","));
            return new MockResponse().setResponseCode(200).setBody(
                    "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\"" + groupVersion + "\",\"resources\":[" + resources + "]}");
        }
    }
}
