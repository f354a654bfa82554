package io.fedstream.decide;

import io.fedstream.admit.Aggregate;
import io.fedstream.admit.Charge;
import io.fedstream.avro.Component;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one admitted binding adds to each aggregate: its namespace total and each component's total (times the
 * number of full copies it runs), and its charge on each placed cluster.
 */
final class Contribution {

    private static final long POD_UNITS = 1000;
    private static final String PODS = "pods";

    private Contribution() {}

    /** Aggregate key to amount; empty for no binding, or a cluster-scoped object's. */
    static Map<String, Aggregate> of(ResourceBinding binding) {
        return of(binding, null);
    }

    /** As {@link #of(ResourceBinding)}, given the binding's charge ({@link BindingDemand#charge}; null: not known). */
    static Map<String, Aggregate> of(ResourceBinding binding, Charge known) {
        Map<String, Aggregate> out = new TreeMap<>();
        if (binding == null || binding.getNamespace().isEmpty()) {
            // A cluster-scoped object (a Namespace, a ClusterRole) runs no pods and belongs to no namespace's aggregates.
            return out;
        }
        long copies = BindingDemand.copies(binding);
        String namespace = binding.getNamespace();
        long pods = 0;
        Resources total = Resources.NONE;
        for (Component component : binding.getComponents()) {
            long replicas = Math.multiplyExact(component.getReplicas(), copies);
            Resources resources = Resources.fromQuantities(component.getTotal()).times(copies);
            pods = Math.addExact(pods, replicas);
            total = total.plus(resources);
            out.merge(AggregateKeys.component(namespace, binding.getKind(), component.getName()),
                    Aggregate.of(replicas, resources), (a, b) -> new Aggregate(1, a.replicas() + b.replicas(), a.resources().plus(b.resources())));
        }
        out.put(AggregateKeys.namespace(namespace), Aggregate.of(pods, total));
        Charge charge = known != null ? known : BindingDemand.charge(binding);
        charge.clusters().forEach((cluster, amounts) -> {
            Resources.Builder resources = new Resources.Builder(4);
            amounts.forEach((resource, amount) -> {
                if (!resource.equals(PODS)) {
                    resources.add(resource, amount);
                }
            });
            out.put(AggregateKeys.cluster(cluster, namespace), Aggregate.of(amounts.get(PODS) / POD_UNITS, resources.build()));
        });
        return out;
    }
}
