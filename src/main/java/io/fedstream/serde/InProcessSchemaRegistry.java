package io.fedstream.serde;

import java.util.List;
import org.apache.avro.Schema;

/**
 * A thread-safe in-memory registry with Confluent's semantics and BACKWARD compatibility, for replay and tests: no
 * registry process and no broker needed, and nothing survives the process.
 */
public final class InProcessSchemaRegistry implements SchemaRegistry {

    private static final String NAME = "the in-process registry";

    private final SchemaCatalog catalog = new SchemaCatalog();

    @Override
    public synchronized int register(String subject, Schema schema) {
        RegisteredSchema existing = catalog.find(subject, schema);
        if (existing != null) {
            return existing.id();
        }
        SchemaRecord next = catalog.next(subject, schema);
        catalog.apply(next);
        return next.id();
    }

    @Override
    public synchronized int lookup(String subject, Schema schema) {
        if (catalog.latest(subject) == null) {
            throw SchemaRegistryException.subjectNotFound(subject, NAME);
        }
        RegisteredSchema existing = catalog.find(subject, schema);
        if (existing == null) {
            throw SchemaRegistryException.notUnderSubject(subject, schema);
        }
        return existing.id();
    }

    @Override
    public synchronized Schema getById(int id) {
        Schema schema = catalog.byId(id);
        if (schema == null) {
            throw SchemaRegistryException.idNotFound(id, NAME);
        }
        return schema;
    }

    @Override
    public synchronized RegisteredSchema latestVersion(String subject) {
        RegisteredSchema latest = catalog.latest(subject);
        if (latest == null) {
            throw SchemaRegistryException.subjectNotFound(subject, NAME);
        }
        return latest;
    }

    @Override
    public synchronized List<String> subjects() {
        return catalog.subjects();
    }

    @Override
    public void checkReachable() {
        // Always reachable: it lives in this process.
    }
}
