package io.fedstream.serde;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.apache.avro.Schema;

/**
 * Caches another registry's answers as Confluent's client does: subject+schema to id and id to schema for good
 * (both are immutable in a registry), the latest version of a subject for a time-to-live.
 */
final class CachingSchemaRegistry implements SchemaRegistry {

    private record SubjectSchema(String subject, Schema schema) {
    }

    private record Expiring(RegisteredSchema latest, long expiresAtNanos) {
    }

    private final SchemaRegistry delegate;
    private final long latestTtlNanos;
    private final LongSupplier nanoTime;
    private final Map<SubjectSchema, Integer> ids = new ConcurrentHashMap<>();
    private final Map<Integer, Schema> schemas = new ConcurrentHashMap<>();
    private final Map<String, Expiring> latest = new ConcurrentHashMap<>();
    private final Object registerLock = new Object();

    CachingSchemaRegistry(SchemaRegistry delegate, Duration latestTtl, LongSupplier nanoTime) {
        this.delegate = delegate;
        this.latestTtlNanos = latestTtl.toNanos();
        this.nanoTime = nanoTime;
    }

    @Override
    public int register(String subject, Schema schema) {
        SubjectSchema key = new SubjectSchema(subject, schema);
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        // Synchronized so that several stream threads meeting a new schema at once register it once.
        synchronized (registerLock) {
            id = ids.get(key);
            if (id == null) {
                id = delegate.register(subject, schema);
                remember(key, id);
            }
            return id;
        }
    }

    @Override
    public int lookup(String subject, Schema schema) {
        SubjectSchema key = new SubjectSchema(subject, schema);
        Integer id = ids.get(key);
        if (id == null) {
            id = delegate.lookup(subject, schema);
            remember(key, id);
        }
        return id;
    }

    @Override
    public Schema getById(int id) {
        Schema schema = schemas.get(id);
        if (schema == null) {
            schema = delegate.getById(id);
            Schema raced = schemas.putIfAbsent(id, schema);
            if (raced != null) {
                schema = raced;
            }
        }
        return schema;
    }

    @Override
    public RegisteredSchema latestVersion(String subject) {
        long now = nanoTime.getAsLong();
        Expiring cached = latest.get(subject);
        if (cached != null && now - cached.expiresAtNanos() < 0) {
            return cached.latest();
        }
        RegisteredSchema fresh = delegate.latestVersion(subject);
        latest.put(subject, new Expiring(fresh, now + latestTtlNanos));
        schemas.putIfAbsent(fresh.id(), fresh.schema());
        ids.putIfAbsent(new SubjectSchema(subject, fresh.schema()), fresh.id());
        return fresh;
    }

    @Override
    public List<String> subjects() {
        return delegate.subjects();
    }

    @Override
    public void checkReachable() {
        delegate.checkReachable();
    }

    private void remember(SubjectSchema key, int id) {
        ids.put(key, id);
        schemas.putIfAbsent(id, key.schema());
    }
}
