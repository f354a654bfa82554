package io.fedstream.serde;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaPairCompatibility;

/**
 * The subjects, versions and ids of a registry with Confluent's semantics and BACKWARD compatibility, built by applying
 * {@link SchemaRecord}s in order. Applying is deterministic, so every process that applies one log in the same order
 * holds the same catalog. Not thread-safe: its registries synchronize.
 */
final class SchemaCatalog {

    private final Map<String, List<RegisteredSchema>> versionsBySubject = new HashMap<>();
    private final Map<Integer, Schema> schemasById = new HashMap<>();
    // Keyed by the schema's JSON form, so that an identical schema gets the same id under every subject, as in Confluent.
    private final Map<String, Integer> idsBySchemaText = new HashMap<>();
    private int maxId;

    /** The version of {@code subject} that holds {@code schema}, or null. */
    RegisteredSchema find(String subject, Schema schema) {
        for (RegisteredSchema version : versionsBySubject.getOrDefault(subject, List.of())) {
            if (version.schema().equals(schema)) {
                return version;
            }
        }
        return null;
    }

    /**
     * The record that registers {@code schema} as the next version of {@code subject}: the schema's id when another
     * subject has it, else the next free id.
     *
     * @throws SchemaRegistryException (409) when it is not backward compatible with the subject's latest version
     */
    SchemaRecord next(String subject, Schema schema) {
        List<RegisteredSchema> versions = versionsBySubject.getOrDefault(subject, List.of());
        if (!versions.isEmpty()) {
            checkBackwardCompatible(subject, schema, versions.get(versions.size() - 1));
        }
        int id = idsBySchemaText.getOrDefault(schema.toString(), maxId + 1);
        return new SchemaRecord(subject, versions.size() + 1, id, schema);
    }

    /**
     * Applies a record when it is consistent with everything applied before: the next version of its subject, a schema
     * the subject does not hold yet, an id free or held by the same schema, a schema with no other id. Anything else
     * lost a race to an earlier record (or is a duplicate) and changes nothing.
     *
     * @return whether the record changed the catalog
     */
    boolean apply(SchemaRecord record) {
        List<RegisteredSchema> versions = versionsBySubject.getOrDefault(record.subject(), List.of());
        String text = record.schema().toString();
        Schema holder = schemasById.get(record.id());
        Integer knownId = idsBySchemaText.get(text);
        if (record.version() != versions.size() + 1
                || find(record.subject(), record.schema()) != null
                || (holder != null && !holder.equals(record.schema()))
                || (knownId != null && knownId != record.id())) {
            return false;
        }
        versionsBySubject.computeIfAbsent(record.subject(), s -> new ArrayList<>())
                .add(new RegisteredSchema(record.id(), record.version(), record.schema()));
        schemasById.putIfAbsent(record.id(), record.schema());
        idsBySchemaText.putIfAbsent(text, record.id());
        maxId = Math.max(maxId, record.id());
        return true;
    }

    /** A catalog that holds what this one holds now and changes on its own: to plan several registrations at once. */
    SchemaCatalog copy() {
        SchemaCatalog copy = new SchemaCatalog();
        versionsBySubject.forEach((subject, versions) -> copy.versionsBySubject.put(subject, new ArrayList<>(versions)));
        copy.schemasById.putAll(schemasById);
        copy.idsBySchemaText.putAll(idsBySchemaText);
        copy.maxId = maxId;
        return copy;
    }

    /** The schema with the given id, or null. */
    Schema byId(int id) {
        return schemasById.get(id);
    }

    /** The latest version of {@code subject}, or null when it has none. */
    RegisteredSchema latest(String subject) {
        List<RegisteredSchema> versions = versionsBySubject.get(subject);
        return versions == null || versions.isEmpty() ? null : versions.get(versions.size() - 1);
    }

    /** Every subject with at least one version, in name order. */
    List<String> subjects() {
        return versionsBySubject.keySet().stream().sorted().toList();
    }

    // BACKWARD, as Confluent's default: consumers on the new schema must read data written with the latest one.
    private static void checkBackwardCompatible(String subject, Schema candidate, RegisteredSchema latest) {
        SchemaPairCompatibility result = SchemaCompatibility.checkReaderWriterCompatibility(candidate, latest.schema());
        if (result.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
            String reasons = result.getResult().getIncompatibilities().stream()
                    .map(i -> i.getType() + " at " + i.getLocation() + ": " + i.getMessage())
                    .collect(Collectors.joining("; "));
            throw new SchemaRegistryException(409, 409, "Schema being registered is incompatible with an earlier schema",
                    "Schema " + candidate.getFullName() + " is not backward compatible with version " + latest.version()
                            + " (id " + latest.id() + ") of subject '" + subject + "': " + reasons);
        }
    }
}
