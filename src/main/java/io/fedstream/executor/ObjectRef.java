package io.fedstream.executor;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.ResourceBinding;

/** Where a workload's object is on a cluster: apiVersion, kind, namespace (empty for a cluster-scoped kind) and name. */
record ObjectRef(String apiVersion, String kind, String namespace, String name) {

    static ObjectRef of(ResourceBinding binding) {
        return new ObjectRef(binding.getApiVersion(), binding.getKind(), binding.getNamespace(), binding.getName());
    }

    /** The object's own; a namespaced object without a namespace is in {@code defaultNamespace}. */
    static ObjectRef of(JsonNode object, String defaultNamespace) {
        String namespace = object.path("metadata").path("namespace").asText("");
        return new ObjectRef(object.path("apiVersion").asText(), object.path("kind").asText(),
                namespace.isEmpty() ? defaultNamespace : namespace, object.path("metadata").path("name").asText());
    }
}
