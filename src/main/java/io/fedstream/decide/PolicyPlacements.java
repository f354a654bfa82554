package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.decide.PropagationPolicies;
import io.fedstream.place.AppliedPlacement;
import io.fedstream.place.PropagationPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Which policy each placed workload of the task was scheduled under, and with what placement (Karmada's claim labels
 * and applied-placement annotation on the binding), indexed by policy so that a policy's change visits only the
 * workloads placed under it. One entry per workload: the policy it is listed under is kept in its {@link
 * PlacementState} ({@code listedUnder}), which a placement writes anyway, so that a granted placement costs one store
 * write here and ingestion nothing.
 */
final class PolicyPlacements {

    private static final char SEPARATOR = '\u0000';
    /**
     * Where a workload is listed once no policy governs it (its placement stays): a new policy may claim it. Not a
     * policy key, which starts with its kind.
     */
    static final String UNCLAIMED = "unclaimed";
    /** Renderings kept before the cache is emptied: policies are parsed anew at each change, so old ones pile up. */
    private static final int RENDERINGS_KEPT = 1_024;

    /** A workload listed under a policy, with the placement it was scheduled with. */
    record Entry(String workloadKey, AppliedPlacement applied) {}

    private final KeyValueStore<String, AppliedPlacement> store;
    private final PlacementStates placementStates;
    private final PropagationPolicies policies;
    /**
     * {@link AppliedPlacement#of} renders each field's canonical text by reflection; a parsed policy lives until the next
     * policy change, so its rendering per affinity group is kept (by identity: equal policies render alike anyway).
     */
    private final Map<PropagationPolicy, Map<Integer, AppliedPlacement>> rendered = new IdentityHashMap<>();

    PolicyPlacements(KeyValueStore<String, AppliedPlacement> store, PlacementStates placementStates,
                     PropagationPolicies policies) {
        this.store = store;
        this.placementStates = placementStates;
        this.policies = policies;
    }

    /**
     * The workload was just granted a placement from affinity group {@code group}: lists it under the policy governing
     * it, and returns {@code state} (what its {@link PlacementState} becomes) saying so, for the caller to write.
     */
    PlacementState placed(ResourceBinding binding, int group, PlacementState state) {
        Optional<PropagationPolicy> policy = policies.governing(binding);
        if (policy.isEmpty()) {
            return state;
        }
        AppliedPlacement applied = rendered(policy.get(), group);
        list(binding.getWorkloadKey(), state.listedUnder(), applied);
        return state.listedUnder(applied.policy());
    }

    private AppliedPlacement rendered(PropagationPolicy policy, int group) {
        if (rendered.size() > RENDERINGS_KEPT) {
            rendered.clear();
        }
        return rendered.computeIfAbsent(policy, p -> new HashMap<>()).computeIfAbsent(group, g -> AppliedPlacement.of(policy, g));
    }

    /** Lists the workload under {@code applied.policy()}, with {@code applied}, and under no other policy; its state says so. */
    void record(String workloadKey, AppliedPlacement applied) {
        PlacementState state = placementStates.of(workloadKey);
        list(workloadKey, state.listedUnder(), applied);
        placementStates.save(workloadKey, state.listedUnder(applied.policy()));
    }

    private void list(String workloadKey, String listedUnder, AppliedPlacement applied) {
        if (listedUnder != null && !listedUnder.equals(applied.policy())) {
            store.delete(entryKey(listedUnder, workloadKey));
        }
        store.put(entryKey(applied.policy(), workloadKey), applied);
    }

    /** The placement the workload was scheduled with, or null when it is listed under no policy. */
    AppliedPlacement applied(String workloadKey) {
        PlacementState state = placementStates.of(workloadKey);
        return state.listedUnder() == null ? null : store.get(entryKey(state.listedUnder(), workloadKey));
    }

    /** No policy's placement applies to the workload any more (placed by its user since): its entry goes. */
    void forget(Entry entry) {
        store.delete(entryKey(entry.applied().policy(), entry.workloadKey()));
        PlacementState state = placementStates.of(entry.workloadKey());
        if (entry.applied().policy().equals(state.listedUnder())) {
            placementStates.save(entry.workloadKey(), state.listedUnder(null));
        }
    }

    /** The workload is deleted: its entry goes ({@code state} is its last state, about to be deleted with it). */
    void deleted(String workloadKey, PlacementState state) {
        if (state.listedUnder() != null) {
            store.delete(entryKey(state.listedUnder(), workloadKey));
        }
    }

    /**
     * Up to {@code limit} entries after the workload key {@code after} (null: from the first), of the policy {@code
     * policyKey}, or of every policy when it is null; the entries of every policy go policy by policy, so {@code after}
     * is then the whole entry key ({@link #cursor}).
     */
    List<Entry> next(String policyKey, String after, int limit) {
        String from = policyKey == null ? (after == null ? "" : after + SEPARATOR)
                : policyKey + SEPARATOR + (after == null ? "" : after + SEPARATOR);
        String to = policyKey == null ? null : policyKey + (char) (SEPARATOR + 1);
        List<Entry> out = new ArrayList<>();
        try (KeyValueIterator<String, AppliedPlacement> it = to == null ? store.range(from, null) : store.range(from, to)) {
            while (it.hasNext() && out.size() < limit) {
                KeyValue<String, AppliedPlacement> entry = it.next();
                if (to != null && entry.key.equals(to)) {
                    break;
                }
                out.add(new Entry(entry.key.substring(entry.key.indexOf(SEPARATOR) + 1), entry.value));
            }
        }
        return out;
    }

    /** Where a walk resumes after {@code entry}: its workload key for one policy's walk, its whole key for a walk of all. */
    static String cursor(String policyKey, Entry entry) {
        return policyKey == null ? entryKey(entry.applied().policy(), entry.workloadKey()) : entry.workloadKey();
    }

    static String entryKey(String policyKey, String workloadKey) {
        return policyKey + SEPARATOR + workloadKey;
    }
}
