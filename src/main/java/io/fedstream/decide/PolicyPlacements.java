package io.fedstream.decide;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.AppliedPlacement;
import io.fedstream.place.PropagationPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import io.fedstream.avro.StoredAppliedPlacement;
import java.util.Map;
import java.util.Optional;

/**
 * Which policy each placed workload of the task was scheduled under, and with what placement (Karmada's claim labels
 * and applied-placement annotation on the binding): the placement in the workload's {@link Workloads} record, the policy
 * it is listed under in its {@link PlacementState} ({@code listedUnder}), and, in memory, the workloads of each policy, so
 * that a policy's change visits only the workloads placed under it (rebuilt from the records when the task starts).
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

    private final Workloads workloads;
    private final PlacementStates placementStates;
    /** Policy key to the keys of the workloads listed under it. */
    private final NavigableMap<String, NavigableSet<String>> byPolicy = new TreeMap<>();
    private final PropagationPolicies policies;
    /**
     * {@link AppliedPlacement#of} renders each field's canonical text by reflection; a parsed policy lives until the next
     * policy change, so its rendering per affinity group is kept (by identity: equal policies render alike anyway).
     */
    private final Map<PropagationPolicy, Map<Integer, AppliedPlacement>> rendered = new IdentityHashMap<>();

    PolicyPlacements(Workloads workloads, PlacementStates placementStates, PropagationPolicies policies) {
        this.workloads = workloads;
        this.placementStates = placementStates;
        this.policies = policies;
    }

    /** A stored workload's applied placement (the rebuild when the task starts); null: it is listed under none. */
    void stored(String workloadKey, StoredAppliedPlacement applied) {
        if (applied != null) {
            byPolicy.computeIfAbsent(applied.getPolicy(), p -> new TreeSet<>()).add(workloadKey);
        }
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
            unlist(listedUnder, workloadKey);
        }
        workloads.of(workloadKey).setApplied(toAvro(applied));
        workloads.changed(workloadKey);
        byPolicy.computeIfAbsent(applied.policy(), p -> new TreeSet<>()).add(workloadKey);
    }

    private void unlist(String policyKey, String workloadKey) {
        NavigableSet<String> keys = byPolicy.get(policyKey);
        if (keys != null && keys.remove(workloadKey) && keys.isEmpty()) {
            byPolicy.remove(policyKey);
        }
        if (workloads.of(workloadKey).getApplied() != null) {
            workloads.of(workloadKey).setApplied(null);
            workloads.changed(workloadKey);
        }
    }

    /** The placement the workload was scheduled with, or null when it is listed under no policy. */
    AppliedPlacement applied(String workloadKey) {
        PlacementState state = placementStates.of(workloadKey);
        StoredAppliedPlacement applied = workloads.of(workloadKey).getApplied();
        return state.listedUnder() == null || applied == null ? null : fromAvro(applied);
    }

    /** No policy's placement applies to the workload any more (placed by its user since): its entry goes. */
    void forget(Entry entry) {
        unlist(entry.applied().policy(), entry.workloadKey());
        PlacementState state = placementStates.of(entry.workloadKey());
        if (entry.applied().policy().equals(state.listedUnder())) {
            placementStates.save(entry.workloadKey(), state.listedUnder(null));
        }
    }

    /** The workload is deleted: its entry goes ({@code state} is its last state, about to be deleted with it). */
    void deleted(String workloadKey, PlacementState state) {
        if (state.listedUnder() != null) {
            unlist(state.listedUnder(), workloadKey);
        }
    }

    /**
     * Up to {@code limit} entries after the workload key {@code after} (null: from the first), of the policy {@code
     * policyKey}, or of every policy when it is null; the entries of every policy go policy by policy, so {@code after}
     * is then the whole entry key ({@link #cursor}).
     */
    List<Entry> next(String policyKey, String after, int limit) {
        List<Entry> out = new ArrayList<>();
        if (policyKey != null) {
            NavigableSet<String> keys = byPolicy.getOrDefault(policyKey, new TreeSet<>());
            for (String key : after == null ? keys : keys.tailSet(after, false)) {
                if (out.size() >= limit) {
                    break;
                }
                out.add(entry(key));
            }
            return out;
        }
        for (Map.Entry<String, NavigableSet<String>> policy : byPolicy.entrySet()) {
            for (String key : policy.getValue()) {
                if (out.size() >= limit) {
                    return out;
                }
                if (after == null || entryKey(policy.getKey(), key).compareTo(after) > 0) {
                    out.add(entry(key));
                }
            }
        }
        return out;
    }

    private Entry entry(String workloadKey) {
        return new Entry(workloadKey, fromAvro(workloads.of(workloadKey).getApplied()));
    }

    /** Where a walk resumes after {@code entry}: its workload key for one policy's walk, its whole key for a walk of all. */
    static String cursor(String policyKey, Entry entry) {
        return policyKey == null ? entryKey(entry.applied().policy(), entry.workloadKey()) : entry.workloadKey();
    }

    static String entryKey(String policyKey, String workloadKey) {
        return policyKey + SEPARATOR + workloadKey;
    }

    /** The placement as the workload's record keeps it (schemas/internal); io.fedstream.place holds no Avro. */
    static StoredAppliedPlacement toAvro(AppliedPlacement applied) {
        return new StoredAppliedPlacement(applied.policy(), applied.group(), applied.affinity(), applied.tolerations(),
                applied.spread(), applied.scheduling());
    }

    static AppliedPlacement fromAvro(StoredAppliedPlacement stored) {
        return new AppliedPlacement(stored.getPolicy(), stored.getGroup(), stored.getAffinity(),
                stored.getTolerations(), stored.getSpread(), stored.getScheduling());
    }
}
