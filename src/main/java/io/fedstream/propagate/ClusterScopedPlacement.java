package io.fedstream.propagate;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.interpret.KindRef;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.PolicyMatcher;
import io.fedstream.place.Placer;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ReplicaScheduler;
import io.fedstream.place.ScheduleResult;
import io.fedstream.place.WorkloadRef;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a cluster-scoped object (a Namespace, a CustomResourceDefinition, a ClusterRole) goes, as Karmada binds one
 * into a ClusterResourceBinding: only a ClusterPropagationPolicy selects it ({@code pkg/detector/policy.go}
 * {@code propagateResource}; {@code pkg/detector/detector.go} {@code LookForMatchedPolicy} matches no PropagationPolicy to an
 * object without a namespace), chosen by
 * Karmada's priority rules ({@link PolicyMatcher}), and since it has no replicas it goes to every cluster the policy
 * selects (Karmada's scheduler assigns a binding without replicas to every feasible cluster, {@link ReplicaScheduler}),
 * bounded by the policy's spread constraints. It charges no quota: a FederatedResourceQuota is namespaced. Pure: the
 * engine calls it with the policies and cluster views it holds, and writes the placement into the object's binding
 * (namespace {@code ""}); the executor then propagates it like any other binding.
 */
public final class ClusterScopedPlacement {

    /** Kubernetes' own cluster-scoped kinds that a ClusterPropagationPolicy commonly propagates; the agent watches these. */
    public static final List<KindRef> KINDS = List.of(
            KindRef.of("v1", "Namespace"),
            KindRef.of("apiextensions.k8s.io/v1", "CustomResourceDefinition"),
            KindRef.of("rbac.authorization.k8s.io/v1", "ClusterRole"),
            KindRef.of("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"),
            KindRef.of("storage.k8s.io/v1", "StorageClass"),
            KindRef.of("networking.k8s.io/v1", "IngressClass"),
            KindRef.of("scheduling.k8s.io/v1", "PriorityClass"),
            KindRef.of("node.k8s.io/v1", "RuntimeClass"));

    private static final PolicyMatcher MATCHER = new PolicyMatcher();
    private static final ReplicaScheduler SCHEDULER = new ReplicaScheduler();

    /** Where the object goes, or why nowhere. */
    public sealed interface Outcome permits Placed, Unplaced {}

    /** Placed under {@code policy} ({@code ClusterPropagationPolicy/NAME}) on these clusters, as the binding says it. */
    public record Placed(String policy, Placement placement) implements Outcome {}

    /** No ClusterPropagationPolicy selects it, or none of its clusters can take it. */
    public record Unplaced(String reason) implements Outcome {}

    private ClusterScopedPlacement() {}

    /**
     * The placement of {@code object} (its namespace null), given every valid (Cluster)PropagationPolicy and the clusters
     * as placement sees them.
     */
    public static Outcome place(WorkloadRef object, Collection<PropagationPolicy> policies, List<ClusterCapacity> clusters) {
        if (object.namespace() != null) {
            throw new IllegalArgumentException("metadata.namespace: a cluster-scoped object has none (value: " + object.namespace() + ")");
        }
        Optional<PropagationPolicy> governing = MATCHER.match(object, policies.stream()
                .filter(p -> p.scope() == PropagationPolicy.Scope.CLUSTER).toList());
        if (governing.isEmpty()) {
            return new Unplaced("no ClusterPropagationPolicy selects it (a PropagationPolicy selects namespaced objects only)");
        }
        ScheduleResult result = SCHEDULER.schedule(new Placer.Request(List.of(), governing.get(), clusters, Set.of()));
        if (result instanceof ScheduleResult.Unschedulable unschedulable) {
            return new Unplaced(unschedulable.reason());
        }
        ScheduleResult.Scheduled scheduled = (ScheduleResult.Scheduled) result;
        return new Placed(governing.get().key(), Placement.newBuilder()
                .setClusters(scheduled.clusters().stream().map(name -> new ClusterTarget(name, null, List.of())).toList())
                .setScheduling(ReplicaScheduling.DUPLICATED)
                .setDecidedBy("scheduler")
                .setPolicy(governing.get().key())
                .build());
    }
}
