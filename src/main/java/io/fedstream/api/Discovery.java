package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes discovery over the kinds fedstream serves, as kubectl and k9s ask for it before anything else: {@code /api}
 * (no core group: fedstream serves no pods), {@code /apis} (the groups), {@code /apis/G} and {@code /apis/G/V} (each
 * kind's name, singular, short names, scope, verbs get, list and watch, categories), and {@code /version}. Answered in
 * the legacy form; a client that asks for aggregated discovery ({@code as=APIGroupDiscoveryList}) falls back to it.
 */
final class Discovery {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The kinds by group version, each group in the order its kinds were given. */
    private final Map<String, Map<String, List<ApiResource>>> groups = new LinkedHashMap<>();
    private final String version;

    Discovery(List<ApiResource> resources, String version) {
        this.version = version;
        for (ApiResource resource : resources) {
            groups.computeIfAbsent(resource.group(), g -> new LinkedHashMap<>())
                    .computeIfAbsent(resource.version(), v -> new ArrayList<>()).add(resource);
        }
    }

    void addTo(Router router) {
        router.get("/version", request -> ApiResponse.ok(versionInfo()))
                .get("/api", request -> ApiResponse.ok(apiVersions()))
                .get("/api/v1/namespaces/{name}", request -> ApiResponse.ok(namespace(request.path("name"))))
                .get("/apis", request -> ApiResponse.ok(groupList()))
                .get("/apis/{group}", request -> groups.containsKey(request.path("group"))
                        ? ApiResponse.ok(group(request.path("group")).put("kind", "APIGroup").put("apiVersion", "v1"))
                        : KubeStatus.of(404, "NotFound", "the server could not find the requested resource"))
                .get("/apis/{group}/{version}", request -> resourceList(request.path("group"), request.path("version")));
    }

    private ObjectNode versionInfo() {
        // kubectl reads major and minor only to warn of skew; fedstream speaks the API of no Kubernetes release in particular.
        return NODES.objectNode().put("major", "").put("minor", "").put("gitVersion", "v" + version + "-fedstream")
                .put("platform", System.getProperty("os.name").toLowerCase() + "/" + System.getProperty("os.arch"));
    }

    /** The core group's versions: none, since fedstream serves no kind of it. */
    private static ObjectNode apiVersions() {
        ObjectNode versions = NODES.objectNode().put("kind", "APIVersions");
        versions.putArray("versions");
        versions.putArray("serverAddressByClientCIDRs");
        return versions;
    }

    /**
     * Any namespace, as existing: fedstream keeps no namespaces (a workload's key names its own), and kubectl asks for
     * the namespace after a NotFound to tell a missing object from a missing namespace.
     */
    private static ObjectNode namespace(String name) {
        ObjectNode namespace = NODES.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        namespace.putObject("status").put("phase", "Active");
        return namespace;
    }

    private ObjectNode groupList() {
        ObjectNode list = NODES.objectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
        ArrayNode items = list.putArray("groups");
        groups.keySet().forEach(group -> items.add(group(group)));
        return list;
    }

    private ObjectNode group(String name) {
        ObjectNode group = NODES.objectNode().put("name", name);
        ArrayNode versions = group.putArray("versions");
        groups.get(name).keySet().forEach(version -> versions.addObject().put("groupVersion", name + "/" + version).put("version", version));
        group.set("preferredVersion", versions.get(0));
        return group;
    }

    private Reply resourceList(String group, String version) {
        List<ApiResource> resources = groups.getOrDefault(group, Map.of()).get(version);
        if (resources == null) {
            return KubeStatus.of(404, "NotFound", "the server could not find the requested resource");
        }
        ObjectNode list = NODES.objectNode().put("kind", "APIResourceList").put("apiVersion", "v1").put("groupVersion", group + "/" + version);
        ArrayNode items = list.putArray("resources");
        for (ApiResource resource : resources) {
            ObjectNode item = items.addObject().put("name", resource.plural()).put("singularName", resource.singular())
                    .put("namespaced", resource.namespaced()).put("kind", resource.kind());
            item.putArray("verbs").add("get").add("list").add("watch");
            if (!resource.shortNames().isEmpty()) {
                resource.shortNames().forEach(item.putArray("shortNames")::add);
            }
            if (!resource.categories().isEmpty()) {
                resource.categories().forEach(item.putArray("categories")::add);
            }
        }
        return ApiResponse.ok(list);
    }
}
