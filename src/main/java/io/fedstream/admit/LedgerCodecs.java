package io.fedstream.admit;

import io.fedstream.avro.AdmittedWorkloadRecord;
import io.fedstream.avro.AggregateRecord;
import io.fedstream.avro.FederatedResourceQuotaRecord;
import io.fedstream.avro.NamespaceUsageRecord;
import io.fedstream.avro.PendingWorkloadRecord;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;

/**
 * The ledger's state types as stored bytes: a format byte, then the raw Avro binary of the type's record in
 * schemas/internal ({@link AvroLedgerCodec}). Amounts are exact integer units and
 * every map is a sorted array, so equal values encode to equal bytes.
 */
public final class LedgerCodecs {

    public static final Codec<FederatedResourceQuota> QUOTA = new AvroLedgerCodec<>(
            FederatedResourceQuota.class, FederatedResourceQuotaRecord.class, QuotaRecords::toRecord, QuotaRecords::fromRecord);
    public static final Codec<NamespaceUsage> USAGE = new AvroLedgerCodec<>(
            NamespaceUsage.class, NamespaceUsageRecord.class, UsageRecords::toRecord, UsageRecords::fromRecord);
    public static final Codec<AdmittedWorkload> ADMITTED = new AvroLedgerCodec<>(
            AdmittedWorkload.class, AdmittedWorkloadRecord.class, AdmittedRecords::toRecord, AdmittedRecords::fromRecord);
    public static final Codec<PendingWorkload> PENDING = new AvroLedgerCodec<>(
            PendingWorkload.class, PendingWorkloadRecord.class, PendingRecords::toRecord, PendingRecords::fromRecord);
    public static final Codec<Aggregate> AGGREGATE = new AvroLedgerCodec<>(
            Aggregate.class, AggregateRecord.class, AggregateRecords::toRecord, AggregateRecords::fromRecord);

    /** The format byte of every value written by these codecs: Avro. */
    public static final byte FORMAT = AvroLedgerCodec.FORMAT;
    /** The format byte of the hand-written varint encoding that fedstream wrote before its ledger was Avro (commit 29f6ed9). */
    public static final byte VARINT_FORMAT = AvroLedgerCodec.VARINT_FORMAT;

    private LedgerCodecs() {}

    /** Another admit-stage type stored the same way: the format byte, then the raw Avro binary of {@code record}. */
    public static <T, R extends SpecificRecord> Codec<T> of(Class<T> type, Class<R> record, Function<T, R> toRecord, Function<R, T> fromRecord) {
        return new AvroLedgerCodec<>(type, record, toRecord, fromRecord);
    }
}
