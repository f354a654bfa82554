package io.fedstream.admit;

import io.fedstream.avro.AdmittedWorkloadRecord;

/** Maps an {@link AdmittedWorkload} to its Avro record and back. */
final class AdmittedRecords {

    private AdmittedRecords() {}

    static AdmittedWorkloadRecord toRecord(AdmittedWorkload workload) {
        return new AdmittedWorkloadRecord(workload.namespace(), workload.workloadKey(), workload.generation(), workload.priority(),
                AmountRecords.charge(workload.charge()));
    }

    static AdmittedWorkload fromRecord(AdmittedWorkloadRecord record) {
        return new AdmittedWorkload(record.getNamespace(), record.getWorkloadKey(), record.getGeneration(), record.getPriority(),
                AmountRecords.charge("charge", record.getCharge()));
    }
}
