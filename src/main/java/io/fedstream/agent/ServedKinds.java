package io.fedstream.agent;

import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.kinds.BuiltInKinds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/** Finds, by API discovery, which of the interpreter's built-in kinds a cluster serves. */
public final class ServedKinds {

    private final KubernetesClient client;
    private final Map<String, Optional<APIResourceList>> discovered = new LinkedHashMap<>();

    public ServedKinds(KubernetesClient client) {
        this.client = client;
    }

    /** Every apiVersion/kind the built-in interpreters handle, in their order, without repeats: what a binding may name. */
    public static List<KindRef> interpreterKinds() {
        return kindsOf(BuiltInKinds.all());
    }

    /**
     * The interpreter kinds whose objects are workloads, in their order, without repeats: what the agent watches, leaving
     * out Kubernetes' own kinds without pods (every ConfigMap, Secret and Service of a cluster is not a workload of it).
     */
    public static List<KindRef> workloadKinds() {
        return kindsOf(BuiltInKinds.workloads());
    }

    private static List<KindRef> kindsOf(List<KindInterpreter> interpreters) {
        Set<KindRef> kinds = new LinkedHashSet<>();
        for (KindInterpreter interpreter : interpreters) {
            kinds.addAll(interpreter.kinds());
        }
        return List.copyOf(kinds);
    }

    /**
     * Every apiVersion/kind the cluster serves, sorted ({@code apiVersion/kind}, subresources left out): what Karmada's
     * cluster status controller reports as {@code status.apiEnablements}, sent in the heartbeat for placement's
     * APIEnablement filter.
     */
    public List<String> all() {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        List<String> groupVersions = new ArrayList<>(List.of("v1"));
        io.fabric8.kubernetes.api.model.APIGroupList groups = client.getApiGroups();
        if (groups != null && groups.getGroups() != null) {
            groups.getGroups().forEach(group -> group.getVersions().forEach(version -> groupVersions.add(version.getGroupVersion())));
        }
        for (String groupVersion : groupVersions) {
            Optional<APIResourceList> resources = discovered.computeIfAbsent(groupVersion,
                    apiVersion -> Optional.ofNullable(client.getApiResources(apiVersion)));
            resources.ifPresent(list -> list.getResources().stream()
                    .filter(resource -> !resource.getName().contains("/"))
                    .forEach(resource -> out.add(groupVersion + "/" + resource.getKind())));
        }
        return List.copyOf(out);
    }

    /** Those of {@code kinds} this cluster serves; each kind it does not serve is reported once to {@code skipped}. */
    public List<WatchedKind> discover(List<KindRef> kinds, Consumer<String> skipped) {
        List<WatchedKind> served = new ArrayList<>();
        for (KindRef kind : kinds) {
            Optional<WatchedKind> watched = find(kind);
            if (watched.isPresent()) {
                served.add(watched.get());
            } else {
                skipped.accept(kind.id());
            }
        }
        return served;
    }

    /** The kind as this cluster serves it, or empty when its apiVersion or kind is not served. */
    public Optional<WatchedKind> find(KindRef kind) {
        Optional<APIResourceList> resources = discovered.computeIfAbsent(kind.apiVersion(),
                apiVersion -> Optional.ofNullable(client.getApiResources(apiVersion)));
        return resources.flatMap(list -> list.getResources().stream()
                .filter(resource -> kind.kind().equals(resource.getKind()) && !resource.getName().contains("/"))
                .findFirst()
                .map(resource -> new WatchedKind(kind, context(kind.apiVersion(), resource))));
    }

    private static ResourceDefinitionContext context(String apiVersion, APIResource resource) {
        int slash = apiVersion.indexOf('/');
        return new ResourceDefinitionContext.Builder()
                .withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
                .withVersion(slash < 0 ? apiVersion : apiVersion.substring(slash + 1))
                .withKind(resource.getKind())
                .withPlural(resource.getName())
                .withNamespaced(Boolean.TRUE.equals(resource.getNamespaced()))
                .build();
    }
}
