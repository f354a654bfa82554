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
 * A thread-safe in-memory registry with Confluent's semantics and BACKWARD compatibility, for the embedded
 * demo, replay and tests: no registry process needed.
 */
public final class InProcessSchemaRegistry implements SchemaRegistry {

    private final Map<String, List<RegisteredSchema>> versionsBySubject = new HashMap<>();
    private final Map<Integer, Schema> schemasById = new HashMap<>();
    // Keyed by the schema's JSON form, so that an identical schema gets the same id under every subject, as in Confluent.
    private final Map<String, Integer> idsBySchemaText = new HashMap<>();

    @Override
    public synchronized int register(String subject, Schema schema) {
        List<RegisteredSchema> versions = versionsBySubject.computeIfAbsent(subject, s -> new ArrayList<>());
        RegisteredSchema existing = find(versions, schema);
        if (existing != null) {
            return existing.id();
        }
        if (!versions.isEmpty()) {
            checkBackwardCompatible(subject, schema, versions.get(versions.size() - 1));
        }
        int id = idsBySchemaText.computeIfAbsent(schema.toString(), text -> schemasById.size() + 1);
        schemasById.putIfAbsent(id, schema);
        versions.add(new RegisteredSchema(id, versions.size() + 1, schema));
        return id;
    }

    @Override
    public synchronized int lookup(String subject, Schema schema) {
        RegisteredSchema existing = find(versionsOf(subject), schema);
        if (existing == null) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SCHEMA_NOT_FOUND,
                    "Schema not found under subject " + subject,
                    "Schema " + schema.getFullName() + " is not registered under subject '" + subject + "'");
        }
        return existing.id();
    }

    @Override
    public synchronized Schema getById(int id) {
        Schema schema = schemasById.get(id);
        if (schema == null) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema " + id + " not found.",
                    "Schema id " + id + " not found in the in-process registry");
        }
        return schema;
    }

    @Override
    public synchronized RegisteredSchema latestVersion(String subject) {
        List<RegisteredSchema> versions = versionsOf(subject);
        return versions.get(versions.size() - 1);
    }

    @Override
    public synchronized List<String> subjects() {
        return versionsBySubject.entrySet().stream()
                .filter(entry -> !entry.getValue().isEmpty())
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    @Override
    public void checkReachable() {
        // Always reachable: it lives in this process.
    }

    private List<RegisteredSchema> versionsOf(String subject) {
        List<RegisteredSchema> versions = versionsBySubject.get(subject);
        if (versions == null || versions.isEmpty()) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SUBJECT_NOT_FOUND,
                    "Subject '" + subject + "' not found.", "Subject '" + subject + "' not found in the in-process registry");
        }
        return versions;
    }

    private static RegisteredSchema find(List<RegisteredSchema> versions, Schema schema) {
        for (RegisteredSchema version : versions) {
            if (version.schema().equals(schema)) {
                return version;
            }
        }
        return null;
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
