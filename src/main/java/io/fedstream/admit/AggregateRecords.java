package io.fedstream.admit;

import io.fedstream.avro.AggregateRecord;

/** Maps an {@link Aggregate} to its Avro record and back. */
final class AggregateRecords {

    private AggregateRecords() {}

    static AggregateRecord toRecord(Aggregate aggregate) {
        return new AggregateRecord(aggregate.workloads(), aggregate.replicas(), AmountRecords.amounts(aggregate.resources()));
    }

    static Aggregate fromRecord(AggregateRecord record) {
        return new Aggregate(record.getWorkloads(), record.getReplicas(), AmountRecords.resources("resources", record.getResources()));
    }
}
