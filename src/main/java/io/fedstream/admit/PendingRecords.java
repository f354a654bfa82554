package io.fedstream.admit;

import io.fedstream.avro.PendingWorkloadRecord;
import io.fedstream.avro.ViolationRecord;

import java.util.ArrayList;
import java.util.List;

/** Maps a {@link PendingWorkload} and its violations to its Avro record and back. */
final class PendingRecords {

    private PendingRecords() {}

    static PendingWorkloadRecord toRecord(PendingWorkload workload) {
        List<ViolationRecord> violations = new ArrayList<>(workload.violations().size());
        for (Violation v : workload.violations()) {
            violations.add(new ViolationRecord(v.quota(), v.cluster(), v.resource(), v.hard(), v.used(), v.requested()));
        }
        return new PendingWorkloadRecord(workload.namespace(), workload.workloadKey(), workload.generation(), workload.priority(),
                workload.sequence(), AmountRecords.charge(workload.charge()), violations);
    }

    static PendingWorkload fromRecord(PendingWorkloadRecord record) {
        List<Violation> violations = new ArrayList<>(record.getViolations().size());
        for (ViolationRecord v : record.getViolations()) {
            violations.add(new Violation(v.getQuota(), v.getCluster(), v.getResource(), v.getHard(), v.getUsed(), v.getRequested()));
        }
        return new PendingWorkload(record.getNamespace(), record.getWorkloadKey(), record.getGeneration(), record.getPriority(),
                record.getSequence(), AmountRecords.charge("charge", record.getCharge()), violations);
    }
}
