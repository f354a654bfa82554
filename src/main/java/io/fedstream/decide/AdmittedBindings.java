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

    private final Workloads workloads;

    AdmittedBindings(Workloads workloads) {
        this.workloads = workloads;
    }

    /** The admitted version's binding, null when no version of the workload is charged. */
    ResourceBinding get(String workloadKey) {
        return of(workloads.of(workloadKey));
    }

    /**
     * {@code current}, the latest binding, is about to be replaced by one that need not be the admitted version (a new
     * version, a rejection, a placement not charged yet): an admitted {@code current} is kept apart.
     */
    void keepApart(String workloadKey, ResourceBinding current) {
        if (isAdmittedVersion(current) && workloads.of(workloadKey).getAdmittedBinding() == null) {
            replaceApart(workloadKey, current);
        }
    }

    /** The admitted version, kept apart behind a newer latest one, changed (a completed migration moved it). */
    void replaceApart(String workloadKey, ResourceBinding admitted) {
        workloads.of(workloadKey).setAdmittedBinding(admitted);
        workloads.changed(workloadKey);
    }

    /** The latest binding is now the admitted version: no copy apart is needed any more. */
    void latestAdmitted(String workloadKey) {
        forget(workloadKey);
    }

    /** No version is charged any more. */
    void forget(String workloadKey) {
        if (workloads.of(workloadKey).getAdmittedBinding() != null) {
            replaceApart(workloadKey, null);
        }
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
