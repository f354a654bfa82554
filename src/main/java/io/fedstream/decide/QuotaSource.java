package io.fedstream.decide;

import io.fedstream.admit.Codec;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.QuotaUsage;
import io.fedstream.admit.ReadingNote;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.FieldProblemRecord;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaSourceRecord;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ReadingNoteRecord;
import io.fedstream.interpret.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The version of a quota on the policies topic that the ledger last took in (by digest), why it was refused (empty
 * when it was applied), and the notes on how the version in force was read; stored in {@link PassState#QUOTA_SOURCES}
 * as the ledger stores its records (a {@link QuotaSourceRecord}, {@link LedgerCodecs}); and the QuotaStatus record of
 * {@code fedstream.quota-status} that renders the ledger's view of a quota with it.
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

    /**
     * The status of every quota of a namespace: those in force (with the notes on how they were read and the problems
     * of a refused later version), then those whose every version was refused.
     */
    static List<QuotaStatus> statuses(String namespace, List<QuotaUsage> inForce, Map<String, QuotaSource> taken,
                                      long now) {
        List<QuotaStatus> out = new ArrayList<>();
        Set<String> names = new TreeSet<>();
        for (QuotaUsage usage : inForce) {
            names.add(usage.name());
            QuotaSource source = taken.get(usage.name());
            List<FieldError> problems = source == null ? List.of() : source.problems();
            out.add(status(usage, problems, source == null ? List.of() : source.notes(), now));
        }
        taken.forEach((name, source) -> {
            if (!names.contains(name) && !source.problems().isEmpty()) {
                out.add(refusedOnly(namespace, name, source.problems(), now));
            }
        });
        return out;
    }

    private static QuotaStatus status(QuotaUsage usage, List<FieldError> problems, List<ReadingNote> notes, long now) {
        return QuotaStatus.newBuilder()
                .setNamespace(usage.namespace())
                .setName(usage.name())
                .setHard(usage.hard().toQuantities())
                .setUsed(usage.used().toQuantities())
                .setOverage(usage.overage().toQuantities())
                .setClusters(usage.clusters().stream()
                        .map(c -> ClusterQuotaUsage.newBuilder()
                                .setCluster(c.cluster())
                                .setHard(c.hard().toQuantities())
                                .setUsed(c.used().toQuantities())
                                .setOverage(c.overage().toQuantities())
                                .build())
                        .toList())
                .setAdmittedCount(usage.admittedCount())
                .setRejectedCount(usage.rejectedCount())
                .setProblems(problems(problems))
                .setNotes(notes.stream().map(n -> QuotaNote.newBuilder().setField(n.field()).setText(n.text()).build())
                        .toList())
                .setUpdatedAt(Instant.ofEpochMilli(now))
                .build();
    }

    /** A quota whose every version so far was refused: nothing is in force, and the status says why. */
    private static QuotaStatus refusedOnly(String namespace, String name, List<FieldError> problems, long now) {
        return QuotaStatus.newBuilder()
                .setNamespace(namespace)
                .setName(name)
                .setHard(Map.of())
                .setUsed(Map.of())
                .setProblems(problems(problems))
                .setUpdatedAt(Instant.ofEpochMilli(now))
                .build();
    }

    private static List<QuotaProblem> problems(List<FieldError> problems) {
        return problems.stream()
                .map(p -> QuotaProblem.newBuilder().setField(p.field()).setValue(p.value()).setReason(p.reason())
                        .build())
                .toList();
    }
}
