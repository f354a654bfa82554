package io.fedstream.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fedstream.agent.ServedKinds;
import io.fedstream.agent.WatchedKind;
import io.fedstream.config.WorkloadKey;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.propagate.PropagationMarks;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The executor's operations on the objects of one member cluster, by apiVersion, kind, namespace and name. The kinds
 * the cluster serves are discovered once each (a kind not served is asked again, since a CustomResourceDefinition may
 * have been added since), and the namespaces known to exist are remembered.
 */
final class ClusterObjects {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final KubernetesClient client;
    private final Map<KindRef, WatchedKind> served = new ConcurrentHashMap<>();
    private final Set<String> namespaces = ConcurrentHashMap.newKeySet();

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
        for (KindRef kind : ServedKinds.interpreterKinds()) {
            String group = new WorkloadId(kind.apiVersion(), null, null, null).group();
            if (group.equals(key.group()) && kind.kind().equals(key.kind()) && served(kind).isPresent()) {
                return get(kind.apiVersion(), key.kind(), key.namespace(), key.name());
            }
        }
        return Optional.empty();
    }

    /** Creates the object, or replaces the one of the same name. */
    GenericKubernetesResource apply(ObjectNode manifest) {
        GenericKubernetesResource object = unmarshal(manifest);
        String namespace = object.getMetadata().getNamespace() == null ? "default" : object.getMetadata().getNamespace();
        object.getMetadata().setNamespace(namespace);
        return kind(object.getApiVersion(), object.getKind(), namespace).resource(object).createOr(NonDeletingOperation::update);
    }

    /**
     * Creates the object (its namespace first, when the cluster lacks it, as Karmada's namespace sync controller creates
     * every namespace on every cluster); fails with 409 when one of its name exists.
     */
    GenericKubernetesResource create(ObjectNode manifest) {
        GenericKubernetesResource object = unmarshal(manifest);
        String namespace = object.getMetadata().getNamespace();
        if (namespace != null && isNamespaced(object.getApiVersion(), object.getKind())) {
            ensureNamespace(namespace);
        }
        return kind(object.getApiVersion(), object.getKind(), namespace).resource(object).create();
    }

    /** Replaces the object with {@code body}, conditional on the resource version it carries (409 when it changed). */
    GenericKubernetesResource update(ObjectNode body) {
        GenericKubernetesResource object = unmarshal(body);
        return kind(object.getApiVersion(), object.getKind(), object.getMetadata().getNamespace()).resource(object).update();
    }

    /** Deletes the object with its dependents in the background (Karmada's choice, so that a Job's pods go too). */
    void delete(String apiVersion, String kind, String namespace, String name) {
        resource(apiVersion, kind, namespace, name).withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
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
        return labelled(ServedKinds.interpreterKinds(), label, value, (kind, refused) -> {
            throw refused;
        });
    }

    /**
     * Every object fedstream propagated to the cluster, of these kinds: a kind the cluster does not serve is skipped, one
     * whose list the API server refuses (not allowed, say) is handed to {@code refused} and skipped; a cluster that cannot
     * be reached fails the whole list.
     */
    List<GenericKubernetesResource> propagated(Collection<KindRef> kinds, BiConsumer<KindRef, KubernetesClientException> refused) {
        return labelled(kinds, PropagationMarks.MANAGED_LABEL, PropagationMarks.MANAGED_VALUE, refused);
    }

    /** The object as JSON. */
    JsonNode json(GenericKubernetesResource object) {
        try {
            return JSON.readTree(client.getKubernetesSerialization().asJson(object));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("fabric8 wrote JSON that does not parse: " + e.getOriginalMessage(), e);
        }
    }

    /** True when the cluster serves the kind in namespaces; fails when it does not serve it. */
    boolean isNamespaced(String apiVersion, String kind) {
        return servedOrFail(apiVersion, kind).context().isNamespaceScoped();
    }

    /** True for a failure to reach the API server (refused, reset, timed out) rather than an answer from it. */
    static boolean unreachable(KubernetesClientException e) {
        return e.getCode() == 0 || e.getCode() == HttpURLConnection.HTTP_UNAVAILABLE || e.getCode() == HttpURLConnection.HTTP_GATEWAY_TIMEOUT;
    }

    private List<GenericKubernetesResource> labelled(Collection<KindRef> kinds, String label, String value,
                                                     BiConsumer<KindRef, KubernetesClientException> refused) {
        List<GenericKubernetesResource> found = new ArrayList<>();
        Set<KindRef> listed = new HashSet<>();
        for (KindRef kind : kinds) {
            Optional<WatchedKind> watched = listed.add(kind) ? served(kind) : Optional.empty();
            if (watched.isEmpty()) {
                continue;
            }
            var objects = client.genericKubernetesResources(watched.get().context());
            try {
                found.addAll((watched.get().context().isNamespaceScoped() ? objects.inAnyNamespace() : objects)
                        .withLabel(label, value).list().getItems());
            } catch (KubernetesClientException e) {
                if (unreachable(e)) {
                    throw e;
                }
                refused.accept(kind, e);
            }
        }
        return found;
    }

    private void ensureNamespace(String namespace) {
        if (namespaces.contains(namespace)) {
            return;
        }
        if (client.namespaces().withName(namespace).get() == null) {
            try {
                client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build()).create();
            } catch (KubernetesClientException e) {
                if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                    throw e;
                }
            }
        }
        namespaces.add(namespace);
    }

    private GenericKubernetesResource unmarshal(ObjectNode manifest) {
        return client.getKubernetesSerialization().unmarshal(manifest.toString(), GenericKubernetesResource.class);
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
        WatchedKind watched = servedOrFail(apiVersion, kind);
        var objects = client.genericKubernetesResources(watched.context());
        return watched.context().isNamespaceScoped() ? objects.inNamespace(namespace) : objects;
    }

    private WatchedKind servedOrFail(String apiVersion, String kind) {
        return served(KindRef.of(apiVersion, kind))
                .orElseThrow(() -> new IllegalStateException("the cluster does not serve " + apiVersion + "/" + kind));
    }

    private Optional<WatchedKind> served(KindRef kind) {
        WatchedKind known = served.get(kind);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<WatchedKind> found = new ServedKinds(client).find(kind);
        found.ifPresent(watched -> served.put(kind, watched));
        return found;
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
