package io.fedstream.admit;

import io.fedstream.avro.NamespaceUsageRecord;

/** Maps a {@link NamespaceUsage} to its Avro record and back. */
final class UsageRecords {

    private UsageRecords() {}

    static NamespaceUsageRecord toRecord(NamespaceUsage usage) {
        return new NamespaceUsageRecord(usage.namespace(), AmountRecords.amounts(usage.overall()),
                AmountRecords.clusters(usage.clusters()), usage.admitted(), usage.nextSequence());
    }

    static NamespaceUsage fromRecord(NamespaceUsageRecord record) {
        return new NamespaceUsage(record.getNamespace(), AmountRecords.resources("overall", record.getOverall()),
                AmountRecords.clusters("clusters", record.getClusters()), record.getAdmitted(), record.getNextSequence());
    }
}
