package io.fedstream.place;

import java.util.List;

/**
 * A PropagationPolicy or ClusterPropagationPolicy as fedstream uses it: which workloads it
 * selects, where they may be placed, and how they fail over. {@code namespace} is null for a
 * ClusterPropagationPolicy. {@code affinityGroups} holds either the one {@code clusterAffinity}
 * (unnamed) or the ordered {@code clusterAffinities}; it is empty when neither is given, and then
 * every cluster is a candidate. {@code lazyActivation} is {@code activationPreference: Lazy}: a changed placement reaches
 * a workload placed under the policy with the workload's next change, not at once.
 */
public record PropagationPolicy(
        Scope scope,
        String namespace,
        String name,
        int priority,
        List<ResourceSelector> resourceSelectors,
        Placement placement,
        Failover failover,
        boolean lazyActivation) {

    /** PropagationPolicy (namespaced) or ClusterPropagationPolicy. */
    public enum Scope { NAMESPACED, CLUSTER }

    /** How replicas are scheduled; Karmada's default is Duplicated. */
    public enum ReplicaScheduling { Duplicated, Divided }

    /** What happens to the application left on the cluster it leaves; Karmada's default is Gracefully. */
    public enum PurgeMode { Directly, Gracefully, Never }

    /**
     * {@code spec.placement}. {@code groupsNamed} tells whether the groups came from
     * {@code clusterAffinities} (each named) rather than from a single {@code clusterAffinity}.
     * {@code division} says how a Divided workload's replicas are split; it is null exactly when
     * replicas are Duplicated.
     */
    public record Placement(
            List<ClusterAffinity> affinityGroups,
            boolean groupsNamed,
            List<Toleration> tolerations,
            ReplicaScheduling replicaScheduling,
            List<SpreadConstraint> spreadConstraints,
            ReplicaDivision division) {

        public static final Placement ANYWHERE =
                new Placement(List.of(), false, List.of(), ReplicaScheduling.Duplicated, List.of(), null);

        public Placement {
            affinityGroups = List.copyOf(affinityGroups);
            tolerations = List.copyOf(tolerations);
            spreadConstraints = List.copyOf(spreadConstraints);
            if ((replicaScheduling == ReplicaScheduling.Divided) != (division != null)) {
                throw new IllegalArgumentException("a division is given exactly when replicas are Divided");
            }
        }
    }

    /**
     * {@code spec.failover}: Karmada's {@code application} and {@code cluster} behaviours (each null when not given)
     * and the seed's {@code enable} (false: the policy's workloads are never migrated) and {@code checkpointStorage}.
     */
    public record Failover(boolean enabled, ApplicationFailover application, ClusterFailover cluster,
                           CheckpointStorage checkpointStorage) {

        public Failover {
            checkpointStorage = checkpointStorage == null ? CheckpointStorage.NONE : checkpointStorage;
        }
    }

    /** {@code spec.failover.application}; Karmada's defaults: toleration 300 s, Gracefully, grace period 600 s. */
    public record ApplicationFailover(
            long tolerationSeconds, PurgeMode purgeMode, Long gracePeriodSeconds, List<StatePreservationRule> statePreservation) {

        public ApplicationFailover {
            statePreservation = List.copyOf(statePreservation);
        }
    }

    /** {@code spec.failover.cluster} (Karmada v1.15's ClusterFailoverBehavior); purgeMode Directly or Gracefully (the default). */
    public record ClusterFailover(PurgeMode purgeMode, List<StatePreservationRule> statePreservation) {

        public ClusterFailover {
            statePreservation = List.copyOf(statePreservation);
        }
    }

    /** One {@code statePreservation.rules} entry: the label to carry the value and where to read it in the status. */
    public record StatePreservationRule(String aliasLabelName, String jsonPath) {}

    public PropagationPolicy {
        resourceSelectors = List.copyOf(resourceSelectors);
    }

    /** {@code kind/namespace/name}, or {@code kind/name} for a ClusterPropagationPolicy. */
    public String key() {
        return scope == Scope.CLUSTER ? "ClusterPropagationPolicy/" + name : "PropagationPolicy/" + namespace + "/" + name;
    }
}
