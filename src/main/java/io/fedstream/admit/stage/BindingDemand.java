package io.fedstream.admit.stage;

import io.fedstream.admit.Charge;
import io.fedstream.admit.Demand;
import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingOverrides;
import io.fedstream.interpret.Resources;
import java.util.List;

/** Reads from an interpreted binding what its version asks of the quotas: requests and limits totals, pods, requested placement. */
final class BindingDemand {

    private BindingDemand() {}

    static Demand of(ResourceBinding binding) {
        return new Demand(
                Resources.fromQuantities(binding.getTotal()),
                Resources.fromQuantities(binding.getTotalLimits()),
                pods(binding.getComponents()),
                placement(binding, AdmissionStates.requestedPlacement(binding)));
    }

    static Charge charge(ResourceBinding binding) {
        return Charge.of(of(binding));
    }

    /** The charge of one copy of the version running on {@code cluster} alone, after that cluster's override policies. */
    static Charge copyOn(ResourceBinding binding, String cluster) {
        Placement one = new Placement(Placement.Scheduling.DUPLICATED, List.of(new Placement.Target(cluster, null, overridden(binding, cluster))));
        return Charge.of(new Demand(Resources.fromQuantities(binding.getTotal()), Resources.fromQuantities(binding.getTotalLimits()),
                pods(binding.getComponents()), one));
    }

    /** How many full copies of the workload run: one per cluster when duplicated across clusters, else one. */
    static long copies(ResourceBinding binding) {
        io.fedstream.avro.Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DUPLICATED || placement.getClusters().isEmpty()) {
            return 1;
        }
        return placement.getClusters().stream().map(ClusterTarget::getName).distinct().count();
    }

    /** The version's {@code placement} with each copy's demand after its cluster's override policies. */
    private static Placement placement(ResourceBinding binding, io.fedstream.avro.Placement placement) {
        if (placement == null) {
            return null;
        }
        Placement.Scheduling scheduling = placement.getScheduling() == ReplicaScheduling.DIVIDED
                ? Placement.Scheduling.DIVIDED
                : Placement.Scheduling.DUPLICATED;
        return new Placement(scheduling, placement.getClusters().stream()
                .map(target -> new Placement.Target(target.getName(), target.getReplicas(), overridden(binding, target.getName())))
                .toList());
    }

    /** What a copy on the cluster asks after its override policies; null when they change nothing there (or cannot apply). */
    private static Demand overridden(ResourceBinding binding, String cluster) {
        return BindingOverrides.applied(binding, cluster)
                .map(o -> new Demand(Resources.fromQuantities(o.getTotal()), Resources.fromQuantities(o.getTotalLimits()),
                        pods(o.getComponents()), null))
                .orElse(null);
    }

    private static long pods(List<io.fedstream.avro.Component> components) {
        long pods = 0;
        for (io.fedstream.avro.Component component : components) {
            pods = Math.addExact(pods, component.getReplicas());
        }
        return pods;
    }
}
