package io.fedstream.decide;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The binding of each workload's admitted (charged) version. Usually that is the latest binding, read from the
 * bindings store; only while a newer version is the latest (queued, rejected or not chargeable) is a copy kept apart,
 * so that an admitted workload's binding is stored once.
 */
final class AdmittedBindings {

    private final KeyValueStore<String, ResourceBinding> latest;
    private final KeyValueStore<String, ResourceBinding> apart;

    /** {@code latest}: the {@link AdmitStores#BINDINGS} store; {@code apart}: {@link AdmitStores#ADMITTED_BINDINGS}. */
    AdmittedBindings(KeyValueStore<String, ResourceBinding> latest, KeyValueStore<String, ResourceBinding> apart) {
        this.latest = latest;
        this.apart = apart;
    }

    /** The admitted version's binding, null when no version of the workload is charged. */
    ResourceBinding get(String workloadKey) {
        ResourceBinding kept = apart.get(workloadKey);
        if (kept != null) {
            return kept;
        }
        ResourceBinding binding = latest.get(workloadKey);
        return isAdmittedVersion(binding) ? binding : null;
    }

    /**
     * {@code current}, the latest binding, is about to be replaced by one that need not be the admitted version (a new
     * version, a rejection, a placement not charged yet): an admitted {@code current} is kept apart.
     */
    void keepApart(String workloadKey, ResourceBinding current) {
        if (isAdmittedVersion(current) && apart.get(workloadKey) == null) {
            apart.put(workloadKey, current);
        }
    }

    /** The admitted version, kept apart behind a newer latest one, changed (a completed migration moved it). */
    void replaceApart(String workloadKey, ResourceBinding admitted) {
        apart.put(workloadKey, admitted);
    }

    /** The latest binding is now the admitted version: no copy apart is needed any more. */
    void latestAdmitted(String workloadKey) {
        forget(workloadKey);
    }

    /** No version is charged any more. */
    void forget(String workloadKey) {
        // A delete writes a tombstone to the changelog even for an absent key: look first.
        if (apart.get(workloadKey) != null) {
            apart.delete(workloadKey);
        }
    }

    private static boolean isAdmittedVersion(ResourceBinding binding) {
        return binding != null && binding.getAdmission().getState() == AdmissionState.ADMITTED
                && Long.valueOf(binding.getGeneration()).equals(binding.getAdmission().getChargedGeneration());
    }
}
