package io.fedstream.decide;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;

/**
 * The binding of each workload's admitted (charged) version. Usually that is the latest binding, read from the
 * bindings store; only while a newer version is the latest (queued, rejected or not chargeable) is a copy kept apart,
 * so that an admitted workload's binding is stored once.
 */
final class AdmittedBindings {

    private final Workloads.BindingTable latest;
    private final Workloads.BindingTable apart;

    /** {@code latest}: the workloads' latest bindings; {@code apart}: the admitted versions kept apart. */
    AdmittedBindings(Workloads.BindingTable latest, Workloads.BindingTable apart) {
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
        apart.delete(workloadKey);
    }

    /** The admitted version's binding of a stored workload, null when no version of it is charged. */
    static ResourceBinding of(WorkloadRecord record) {
        if (record.getAdmittedBinding() != null) {
            return record.getAdmittedBinding();
        }
        return isAdmittedVersion(record.getBinding()) ? record.getBinding() : null;
    }

    private static boolean isAdmittedVersion(ResourceBinding binding) {
        return binding != null && binding.getAdmission().getState() == AdmissionState.ADMITTED
                && Long.valueOf(binding.getGeneration()).equals(binding.getAdmission().getChargedGeneration());
    }
}
