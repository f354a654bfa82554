package io.fedstream.decide;

import io.fedstream.admit.Codec;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.ReadingNote;
import io.fedstream.avro.FieldProblemRecord;
import io.fedstream.avro.QuotaSourceRecord;
import io.fedstream.avro.ReadingNoteRecord;
import io.fedstream.interpret.FieldError;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The version of a quota on the policies topic that the ledger last took in (by digest), why it was refused (empty
 * when it was applied), and the notes on how the version in force was read; stored in {@link PassState#QUOTA_SOURCES}
 * as the ledger stores its records (a {@link QuotaSourceRecord}, {@link LedgerCodecs}).
 */
record QuotaSource(String digest, List<FieldError> problems, List<ReadingNote> notes) {

    private static final Codec<QuotaSource> CODEC = LedgerCodecs.of(QuotaSource.class, QuotaSourceRecord.class,
            QuotaSource::toRecord, QuotaSource::fromRecord);
    private static final StringSerializer KEYS = new StringSerializer();

    QuotaSource {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    byte[] encode() {
        return CODEC.encode(this);
    }

    static QuotaSource decode(byte[] bytes) {
        try {
            return CODEC.decode(bytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("corrupt entry of " + PassState.STORE + "/" + PassState.QUOTA_SOURCES + ": " + e.getMessage(), e);
        }
    }

    private static QuotaSourceRecord toRecord(QuotaSource source) {
        return new QuotaSourceRecord(source.digest,
                source.problems.stream().map(p -> new FieldProblemRecord(p.field(), p.value(), p.reason())).toList(),
                source.notes.stream().map(n -> new ReadingNoteRecord(n.field(), n.text())).toList());
    }

    private static QuotaSource fromRecord(QuotaSourceRecord record) {
        return new QuotaSource(record.getDigest(),
                record.getProblems().stream().map(p -> new FieldError(p.getField(), p.getValue(), p.getReason())).toList(),
                record.getNotes().stream().map(n -> new ReadingNote(n.getField(), n.getText())).toList());
    }

    /** Every quota of a namespace the ledger took in from the policies topic, by name. */
    static Map<String, QuotaSource> taken(ReadOnlyKeyValueStore<String, byte[]> sources, String namespace) {
        String prefix = namespace + "/";
        Map<String, QuotaSource> out = new TreeMap<>();
        try (KeyValueIterator<String, byte[]> entries = sources.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> out.put(entry.key.substring(prefix.length()), decode(entry.value)));
        }
        return out;
    }
}
