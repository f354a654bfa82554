package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A query API over a fixed list of bindings, for command-line tests: both lookups answer from the list. */
public final class ListBindings implements BindingLookup, LocalBindingLookup {

    private final List<ResourceBinding> bindings;

    public ListBindings(List<ResourceBinding> bindings) {
        this.bindings = List.copyOf(bindings);
    }

    /** A started server on a free loopback port. */
    public QueryServer serve(Optional<String> token) {
        return QueryServer.bind("127.0.0.1", 0, token).start(this, this);
    }

    @Override
    public List<ResourceBinding> byName(String namespace, String name) {
        return bindings.stream().filter(b -> BindingObject.address(b).namespace().equals(namespace)
                && BindingObject.address(b).name().equals(name)).toList();
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace) {
        return bindings.stream().filter(b -> BindingObject.address(b).namespace().equals(namespace)).toList();
    }

    @Override
    public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        return bindings.stream().filter(b -> b.getWorkloadKey().equals(workloadKey)).findFirst();
    }

    @Override
    public List<ResourceBinding> byName(String namespace, String name, Set<Integer> partitions) {
        return byName(namespace, name);
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace, Set<Integer> partitions) {
        return inNamespace(namespace);
    }

    /** A FlinkDeployment binding of the given API group, namespace and name (jobmanager 1, taskmanager 4). */
    public static ResourceBinding flink(String group, String namespace, String name) {
        return TestBindings.flink(group, namespace, name);
    }
}
