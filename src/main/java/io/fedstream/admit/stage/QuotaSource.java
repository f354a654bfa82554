package io.fedstream.admit.stage;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The version of a quota on the policies topic that the ledger last took in (by digest), why it was refused (empty
 * when it was applied), and the notes on how the version in force was read; stored as JSON in
 * {@link AdmitStores#QUOTA_SOURCES}.
 */
record QuotaSource(String digest, List<FieldError> problems, List<ReadingNote> notes) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final StringSerializer KEYS = new StringSerializer();

    QuotaSource {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    byte[] encode() {
        ObjectNode node = JSON.createObjectNode().put("digest", digest);
        ArrayNode list = node.putArray("problems");
        for (FieldError problem : problems) {
            list.addObject().put("field", problem.field()).put("value", problem.value()).put("reason", problem.reason());
        }
        ArrayNode noteList = node.putArray("notes");
        for (ReadingNote note : notes) {
            noteList.addObject().put("field", note.field()).put("text", note.text());
        }
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static QuotaSource decode(byte[] bytes) {
        try {
            ObjectNode node = (ObjectNode) JSON.readTree(bytes);
            List<FieldError> problems = new ArrayList<>();
            node.path("problems").forEach(p -> problems.add(new FieldError(
                    p.path("field").asText(), p.path("value").isNull() ? null : p.path("value").asText(), p.path("reason").asText())));
            // Entries written before notes existed have none: path() of a missing field iterates nothing.
            List<ReadingNote> notes = new ArrayList<>();
            node.path("notes").forEach(n -> notes.add(new ReadingNote(n.path("field").asText(), n.path("text").asText())));
            return new QuotaSource(node.path("digest").asText(), problems, notes);
        } catch (IOException | ClassCastException e) {
            throw new IllegalStateException("corrupt entry of " + AdmitStores.QUOTA_SOURCES + ": " + e.getMessage(), e);
        }
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
