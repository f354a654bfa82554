package io.fedstream.admit.stage;

import io.fedstream.admit.Charge;
import io.fedstream.admit.Demand;
import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;

/** Reads from an interpreted binding what its version asks of the quotas: requests and limits totals, pods, requested placement. */
final class BindingDemand {

    private BindingDemand() {}

    static Demand of(ResourceBinding binding) {
        long pods = 0;
        for (io.fedstream.avro.Component component : binding.getComponents()) {
            pods = Math.addExact(pods, component.getReplicas());
        }
        return new Demand(
                Resources.fromQuantities(binding.getTotal()),
                Resources.fromQuantities(binding.getTotalLimits()),
                pods,
                placement(AdmissionStates.requestedPlacement(binding)));
    }

    static Charge charge(ResourceBinding binding) {
        return Charge.of(of(binding));
    }

    /** How many full copies of the workload run: one per cluster when duplicated across clusters, else one. */
    static long copies(ResourceBinding binding) {
        io.fedstream.avro.Placement placement = binding.getPlacement();
        if (placement == null || placement.getScheduling() != ReplicaScheduling.DUPLICATED || placement.getClusters().isEmpty()) {
            return 1;
        }
        return placement.getClusters().stream().map(ClusterTarget::getName).distinct().count();
    }

    private static Placement placement(io.fedstream.avro.Placement placement) {
        if (placement == null) {
            return null;
        }
        Placement.Scheduling scheduling = placement.getScheduling() == ReplicaScheduling.DIVIDED
                ? Placement.Scheduling.DIVIDED
                : Placement.Scheduling.DUPLICATED;
        return new Placement(scheduling, placement.getClusters().stream()
                .map(target -> new Placement.Target(target.getName(), target.getReplicas()))
                .toList());
    }
}
