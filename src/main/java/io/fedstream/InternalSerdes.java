package io.fedstream;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.avro.StoredLease;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.decide.PlaceFailoverStores;
import io.fedstream.serde.AvroSerdes;
import org.apache.kafka.common.serialization.Serde;

/** The serdes of the records that only fedstream reads: internal topics and state stores (schemas/internal). */
public record InternalSerdes(
        Serde<ClusterWatch> clusterWatches,
        Serde<StoredApplicationFailure> storedApplicationFailures,
        Serde<WorkloadRecord> workloadRecords,
        Serde<StoredLeaseBook> leaseBooks,
        Serde<StoredLease> leases,
        Serde<UsageHistoryRecord> usageHistories) {

    public static InternalSerdes of(AvroSerdes avro) {
        return new InternalSerdes(
                avro.specific(ClusterWatch.class, false),
                avro.specific(StoredApplicationFailure.class, false),
                avro.specific(WorkloadRecord.class, false),
                avro.specific(StoredLeaseBook.class, false),
                avro.specific(StoredLease.class, false),
                avro.specific(UsageHistoryRecord.class, false));
    }

    /** The place-and-fail-over stage's store values. */
    public PlaceFailoverStores.ValueSerdes placeFailoverStores() {
        return new PlaceFailoverStores.ValueSerdes(storedApplicationFailures, workloadRecords);
    }
}
