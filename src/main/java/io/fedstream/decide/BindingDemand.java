package io.fedstream.decide;

import io.fedstream.admit.Charge;
import io.fedstream.admit.Demand;
import io.fedstream.admit.DividedShare;
import io.fedstream.admit.Placement;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingShares;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    /** The version's {@code placement} with each copy's (or share's) demand after its cluster's override policies. */
    private static Placement placement(ResourceBinding binding, io.fedstream.avro.Placement placement) {
        if (placement == null) {
            return null;
        }
        if (placement.getScheduling() != ReplicaScheduling.DIVIDED) {
            return new Placement(Placement.Scheduling.DUPLICATED, placement.getClusters().stream()
                    .map(target -> new Placement.Target(target.getName(), target.getReplicas(), overridden(binding, target.getName())))
                    .toList());
        }
        List<ClusterTarget> targets = placement.getClusters();
        long[] weights = targets.stream().mapToLong(t -> t.getReplicas() == null ? -1 : t.getReplicas()).toArray();
        // A share listed per component is charged exactly; otherwise the charge splits by the clusters' replicas.
        List<Map<String, Long>> listed = BindingShares.lists(placement) ? BindingShares.of(binding, placement).shares() : null;
        List<Placement.Target> out = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            int index = i;
            Demand share = listed != null ? listedShare(binding, targets.get(i).getName(), listed.get(i))
                    : BindingShares.appliedOverride(binding, targets.get(i).getName())
                    .map(o -> DividedShare.of(shareComponents(binding.getComponents(), o.getComponents()), weights, index))
                    .orElse(null);
            out.add(new Placement.Target(targets.get(i).getName(), targets.get(i).getReplicas(), share));
        }
        return new Placement(Placement.Scheduling.DIVIDED, out);
    }

    /** The demand of a share listed per component ({@code pods}), each pod as the cluster's override policies make it. */
    private static Demand listedShare(ResourceBinding binding, String cluster, Map<String, Long> pods) {
        List<io.fedstream.avro.Component> components = BindingShares.appliedOverride(binding, cluster)
                .map(ClusterOverride::getComponents).orElse(binding.getComponents());
        long[] shares = components.stream().mapToLong(component -> pods.getOrDefault(component.getName(), 0L)).toArray();
        return DividedShare.of(shareComponents(binding.getComponents(), components), shares);
    }

    /** The workload's components as written beside the cluster's overridden ones (the interpreter keeps their order). */
    private static List<DividedShare.Component> shareComponents(List<io.fedstream.avro.Component> written,
                                                                List<io.fedstream.avro.Component> overridden) {
        List<DividedShare.Component> out = new ArrayList<>();
        for (int i = 0; i < overridden.size(); i++) {
            io.fedstream.avro.Component o = overridden.get(i);
            long writtenReplicas = i < written.size() && written.get(i).getName().equals(o.getName())
                    ? written.get(i).getReplicas()
                    : o.getReplicas();
            out.add(new DividedShare.Component(writtenReplicas, o.getReplicas(), Resources.fromQuantities(o.getPerPod()),
                    Resources.fromQuantities(o.getPerPodLimits())));
        }
        return out;
    }

    /** What a copy on the cluster asks after its override policies; null when they change nothing there (or cannot apply). */
    private static Demand overridden(ResourceBinding binding, String cluster) {
        return BindingShares.appliedOverride(binding, cluster)
                .map(o -> new Demand(Resources.fromQuantities(o.getTotal()), Resources.fromQuantities(o.getTotalLimits()),
                        pods(o.getComponents()), null))
                .orElse(null);
    }

    private static long pods(List<io.fedstream.avro.Component> components) {
        return components.stream().mapToLong(io.fedstream.avro.Component::getReplicas).reduce(0, Math::addExact);
    }
}
