package io.fedstream.executor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fedstream.agent.ServedKinds;
import io.fedstream.agent.WatchedKind;
import io.fedstream.config.WorkloadKey;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.WorkloadId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The executor's operations on the objects of one member cluster, by apiVersion, kind, namespace and name. */
final class ClusterObjects {

    private final KubernetesClient client;

    ClusterObjects(KubernetesClient client) {
        this.client = client;
    }

    KubernetesClient client() {
        return client;
    }

    /** The object, or empty when it does not exist; fails when the cluster does not serve the kind. */
    Optional<GenericKubernetesResource> get(String apiVersion, String kind, String namespace, String name) {
        return Optional.ofNullable(resource(apiVersion, kind, namespace, name).get());
    }

    /** The copy of a workload known by key only (a purge): looked up under the served apiVersion of its group and kind. */
    Optional<GenericKubernetesResource> find(WorkloadKey key) {
        ServedKinds served = new ServedKinds(client);
        for (KindRef kind : ServedKinds.interpreterKinds()) {
            String group = new WorkloadId(kind.apiVersion(), null, null, null).group();
            if (group.equals(key.group()) && kind.kind().equals(key.kind()) && served.find(kind).isPresent()) {
                return get(kind.apiVersion(), key.kind(), key.namespace(), key.name());
            }
        }
        return Optional.empty();
    }

    /** Creates the object, or replaces the one of the same name. */
    GenericKubernetesResource apply(ObjectNode manifest) {
        GenericKubernetesResource object = client.getKubernetesSerialization().unmarshal(manifest.toString(), GenericKubernetesResource.class);
        String namespace = object.getMetadata().getNamespace() == null ? "default" : object.getMetadata().getNamespace();
        object.getMetadata().setNamespace(namespace);
        return kind(object.getApiVersion(), object.getKind(), namespace).resource(object).createOr(NonDeletingOperation::update);
    }

    /** Sets annotations and labels on the object and, when given, edits its spec; returns the stored object. */
    GenericKubernetesResource mark(GenericKubernetesResource object, Map<String, String> annotations, Map<String, String> labels,
                                   boolean scaleDown) {
        return resource(object).edit(current -> {
            current.getMetadata().setAnnotations(merged(current.getMetadata().getAnnotations(), annotations));
            current.getMetadata().setLabels(merged(current.getMetadata().getLabels(), labels));
            if (scaleDown) {
                ScaleDown.apply(current);
            }
            return current;
        });
    }

    /** Deletes the object; true when it existed. */
    boolean delete(GenericKubernetesResource object) {
        return !resource(object).delete().isEmpty();
    }

    /** Every object of the served interpreter kinds carrying this label with this value, in every namespace. */
    List<GenericKubernetesResource> labelled(String label, String value) {
        List<GenericKubernetesResource> found = new ArrayList<>();
        for (WatchedKind kind : new ServedKinds(client).discover(ServedKinds.interpreterKinds(), skipped -> { })) {
            found.addAll(client.genericKubernetesResources(kind.context()).inAnyNamespace().withLabel(label, value).list().getItems());
        }
        return found;
    }

    private Resource<GenericKubernetesResource> resource(GenericKubernetesResource object) {
        return resource(object.getApiVersion(), object.getKind(), object.getMetadata().getNamespace(), object.getMetadata().getName());
    }

    private Resource<GenericKubernetesResource> resource(String apiVersion, String kind, String namespace, String name) {
        return kind(apiVersion, kind, namespace).withName(name);
    }

    /** The objects of a kind in a namespace (or cluster-wide for a cluster-scoped kind), as this cluster serves them. */
    private NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> kind(
            String apiVersion, String kind, String namespace) {
        WatchedKind served = new ServedKinds(client).find(KindRef.of(apiVersion, kind))
                .orElseThrow(() -> new IllegalStateException("the cluster does not serve " + apiVersion + "/" + kind));
        var objects = client.genericKubernetesResources(served.context());
        return served.context().isNamespaceScoped() ? objects.inNamespace(namespace) : objects;
    }

    private static Map<String, String> merged(Map<String, String> current, Map<String, String> added) {
        Map<String, String> out = new LinkedHashMap<>();
        if (current != null) {
            out.putAll(current);
        }
        out.putAll(added);
        return out;
    }
}
