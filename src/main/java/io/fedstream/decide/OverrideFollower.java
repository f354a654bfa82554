package io.fedstream.decide;

import io.fedstream.bind.BindingMapper;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.override.ClusterTarget;
import io.fedstream.override.OverridePolicy;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.ResourceSelector;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Keeps the per-cluster override results of a task's workloads current after they were bound, as Karmada's binding
 * controller re-applies overrides when an override policy or a cluster changes: it keeps each interpreted workload's
 * manifest (in its {@link Workloads} record), and when an OverridePolicy or ClusterOverridePolicy is added, changed or
 * deleted, or a cluster joins, leaves or changes its labels or topology, it recomputes the results of the workloads
 * that may be concerned and hands them to the admit step as OVERRIDES requests, which re-charges a changed copy. A
 * policy's workloads are found by key prefix ({@code group/kind/[namespace/[name]]}) from its resource selectors.
 *
 * <p>Changes arrive as records: the pass calls {@link #check} in the processing of every policy record and every
 * cluster-view record, once the task has taken it in ({@code NamespacePass}). Two counts that the task moves as it
 * takes those records in ({@link TaskPolicies#changes()}, {@link TaskClusterViews#selectableChanges()}) say whether
 * anything the follower follows changed: while neither moves, a check reads nothing.
 */
final class OverrideFollower {

    private final Workloads workloads;
    private final ReadOnlyKeyValueStore<String, ClusterWatch> clusterViews;
    private final LongSupplier clusterChanges;
    private final Supplier<List<OverridePolicy>> policies;
    private final Supplier<Interpreter> interpreter;
    private final ClusterOverrides clusterOverrides;
    /** As last checked; none at first, so that a (re)started task recomputes what the policies select. */
    private List<OverridePolicy> followedPolicies = List.of();
    private List<ClusterTarget> followedClusters;
    private long followedClusterChanges = Long.MIN_VALUE;

    /** {@code clusterChanges}: {@link TaskClusterViews#selectableChanges()} (the views are read only when it moves). */
    OverrideFollower(Workloads workloads, ReadOnlyKeyValueStore<String, ClusterWatch> clusterViews,
                     LongSupplier clusterChanges, Supplier<List<OverridePolicy>> policies, Supplier<Interpreter> interpreter,
                     ClusterOverrides clusterOverrides) {
        this.workloads = workloads;
        this.clusterViews = clusterViews;
        this.clusterChanges = clusterChanges;
        this.policies = policies;
        this.interpreter = interpreter;
        this.clusterOverrides = clusterOverrides;
    }

    /** The workload's manifest as bound now, for a later recomputation. */
    void remember(String key, String manifest) {
        workloads.of(key).setManifest(manifest);
        workloads.changed(key);
    }

    /** The workload was deleted, or cannot be interpreted (then no override applies to it). */
    void forget(String key) {
        if (workloads.of(key).getManifest() != null) {
            workloads.of(key).setManifest(null);
            workloads.changed(key);
        }
    }

    /**
     * Compares the override policies and the clusters with those last followed and sends each concerned workload's
     * recomputed results to {@code send} as an OVERRIDES request, keyed by namespace. The first check after a start
     * recomputes every workload a policy selects, since what was followed is kept in memory only (the admit step
     * ignores results equal to the binding's).
     */
    void check(BiConsumer<String, AdmissionRequest> send) {
        List<OverridePolicy> now = policies.get();
        // The views are read only when this count moved since the last check.
        long clusterCount = clusterChanges.getAsLong();
        if (clusterCount == followedClusterChanges && now == followedPolicies) {
            return;
        }
        List<ClusterTarget> clusters = clusterCount == followedClusterChanges ? followedClusters : ClusterOverrides.clusters(clusterViews);
        followedClusterChanges = clusterCount;
        Set<OverridePolicy> concerned = new HashSet<>();
        if (!clusters.equals(followedClusters)) {
            // A cluster that joins or changes may be targeted by any rule: every selected workload is recomputed.
            concerned.addAll(now);
            concerned.addAll(followedPolicies);
        } else if (now != followedPolicies) {
            Set<OverridePolicy> before = new HashSet<>(followedPolicies);
            Set<OverridePolicy> after = new HashSet<>(now);
            now.stream().filter(p -> !before.contains(p)).forEach(concerned::add);
            followedPolicies.stream().filter(p -> !after.contains(p)).forEach(concerned::add);
        }
        followedPolicies = now;
        followedClusters = clusters;
        if (concerned.isEmpty()) {
            return;
        }
        for (String key : selectedKeys(concerned)) {
            String manifest = workloads.of(key).getManifest();
            if (manifest == null) {
                continue;
            }
            String namespace = BindingMapper.namespace(key);
            List<ClusterOverride> results = clusterOverrides.forClusters(manifest, namespace, interpreter.get(), now, clusters);
            send.accept(namespace, AdmissionRequest.newBuilder()
                    .setType(AdmissionRequestType.OVERRIDES)
                    .setNamespace(namespace)
                    .setWorkloadKey(key)
                    .setClusterOverrides(results)
                    .build());
        }
    }

    /**
     * The keys of the kept workloads that the policies may select, in key order, each once. Labels are not filtered
     * here: a ClusterOverridePolicy may change them before an OverridePolicy selects (docs/overrides.md).
     */
    private Set<String> selectedKeys(Collection<OverridePolicy> concerned) {
        Set<String> prefixes = new TreeSet<>();
        Set<String> keys = new TreeSet<>();
        for (OverridePolicy policy : concerned) {
            String policyNamespace = policy.scope() == PropagationPolicy.Scope.NAMESPACED ? policy.namespace() : null;
            if (policy.resourceSelectors().isEmpty()) {
                // Every workload (of the policy's namespace): keys do not start with the namespace, so all are read.
                prefixes.add("");
            }
            for (ResourceSelector selector : policy.resourceSelectors()) {
                String namespace = selector.namespace() != null && !selector.namespace().isEmpty() ? selector.namespace() : policyNamespace;
                String prefix = new WorkloadId(selector.apiVersion(), selector.kind(), null, null).group() + "/" + selector.kind() + "/"
                        + (namespace == null ? "" : namespace + "/");
                if (namespace != null && selector.name() != null && !selector.name().isEmpty()) {
                    keys.add(prefix + selector.name());
                } else {
                    prefixes.add(prefix);
                }
            }
        }
        for (String prefix : shortest(prefixes)) {
            keys.addAll(workloads.keysStartingWith(prefix));
        }
        return keys;
    }

    /** The prefixes that no other one covers, so that no key is read twice. */
    private static List<String> shortest(Set<String> sorted) {
        List<String> out = new ArrayList<>();
        for (String prefix : sorted) {
            if (out.isEmpty() || !prefix.startsWith(out.get(out.size() - 1))) {
                out.add(prefix);
            }
        }
        return out;
    }
}
