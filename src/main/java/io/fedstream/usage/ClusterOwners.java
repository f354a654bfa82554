package io.fedstream.usage;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Looks owners up on the cluster's API server, each object once: an object's controller never changes (a new one is
 * a new object, with a new uid), so what was found is kept by uid until {@link #retainOnly} drops the unseen.
 */
final class ClusterOwners implements OwnerLookup {

    private final KubernetesClient client;
    private final Map<String, Optional<OwnerReference>> byUid = new ConcurrentHashMap<>();

    ClusterOwners(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public Optional<OwnerReference> controllerOf(String namespace, OwnerReference owned) {
        return byUid.computeIfAbsent(owned.getUid() == null ? namespace + "/" + owned.getKind() + "/" + owned.getName() : owned.getUid(),
                uid -> lookUp(namespace, owned));
    }

    /** Forgets every object but those looked up since the last call. */
    void retainOnly(Set<String> uids) {
        byUid.keySet().retainAll(uids);
    }

    private Optional<OwnerReference> lookUp(String namespace, OwnerReference owned) {
        GenericKubernetesResource object = client.genericKubernetesResources(owned.getApiVersion(), owned.getKind())
                .inNamespace(namespace).withName(owned.getName()).get();
        if (object == null || object.getMetadata().getOwnerReferences() == null) {
            return Optional.empty();
        }
        return object.getMetadata().getOwnerReferences().stream().filter(owner -> Boolean.TRUE.equals(owner.getController())).findFirst();
    }
}
