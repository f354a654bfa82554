package io.fedstream.failover.stage;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.AppliedPlacement;
import io.fedstream.place.stage.PropagationPolicies;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Which policy each placed workload of the task was scheduled under, and with what placement (Karmada's claim labels
 * and applied-placement annotation on the binding), indexed by policy so that a policy's change visits only the
 * workloads placed under it. Written when a placement is granted, not when a binding arrives, so that ingestion pays
 * nothing for it.
 */
final class PolicyPlacements {

    /** Before every policy key ({@code kind/...}, a letter first): the entry that finds a workload's policy. */
    private static final char BY_WORKLOAD = '\u0001';
    private static final char SEPARATOR = '\u0000';
    /**
     * Where a workload is listed once no policy governs it (its placement stays): a new policy may claim it. Not a
     * policy key, which starts with its kind.
     */
    static final String UNCLAIMED = "unclaimed";

    /** A workload listed under a policy, with the placement it was scheduled with. */
    record Entry(String workloadKey, AppliedPlacement applied) {}

    private final KeyValueStore<String, AppliedPlacement> store;
    private final PropagationPolicies policies;

    PolicyPlacements(KeyValueStore<String, AppliedPlacement> store, PropagationPolicies policies) {
        this.store = store;
        this.policies = policies;
    }

    /** The workload was just granted a placement from affinity group {@code group}: lists it under the policy governing it. */
    void placed(ResourceBinding binding, int group) {
        policies.governing(binding).ifPresent(policy -> record(binding.getWorkloadKey(), AppliedPlacement.of(policy, group)));
    }

    /** Lists the workload under {@code applied.policy()}, with {@code applied}, and under no other policy. */
    void record(String workloadKey, AppliedPlacement applied) {
        AppliedPlacement before = store.get(BY_WORKLOAD + workloadKey);
        if (before != null && !before.policy().equals(applied.policy())) {
            store.delete(entryKey(before.policy(), workloadKey));
        }
        store.put(BY_WORKLOAD + workloadKey, applied);
        store.put(entryKey(applied.policy(), workloadKey), applied);
    }

    /** The placement the workload was scheduled with, or null when it is listed under no policy. */
    AppliedPlacement applied(String workloadKey) {
        return store.get(BY_WORKLOAD + workloadKey);
    }

    /** The workload is deleted, or no policy governs it any more. */
    void forget(String workloadKey) {
        // A delete writes a tombstone to the changelog even for an absent key: look first.
        AppliedPlacement before = store.get(BY_WORKLOAD + workloadKey);
        if (before != null) {
            store.delete(BY_WORKLOAD + workloadKey);
            store.delete(entryKey(before.policy(), workloadKey));
        }
    }

    /**
     * Up to {@code limit} entries after the workload key {@code after} (null: from the first), of the policy {@code
     * policyKey}, or of every policy when it is null; the entries of every policy go policy by policy, so {@code after}
     * is then the whole entry key ({@link #cursor}).
     */
    List<Entry> next(String policyKey, String after, int limit) {
        String from = policyKey == null ? (after == null ? String.valueOf((char) (BY_WORKLOAD + 1)) : after + SEPARATOR)
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
