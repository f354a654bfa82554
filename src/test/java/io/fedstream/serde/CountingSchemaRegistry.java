package io.fedstream.serde;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;

/** Counts the calls that reach a registry, to prove what the layers above it cache. */
class CountingSchemaRegistry implements SchemaRegistry {

    final AtomicInteger registers = new AtomicInteger();
    final AtomicInteger lookups = new AtomicInteger();
    final AtomicInteger getByIds = new AtomicInteger();
    final AtomicInteger latests = new AtomicInteger();
    private final SchemaRegistry delegate;

    CountingSchemaRegistry(SchemaRegistry delegate) {
        this.delegate = delegate;
    }

    int total() {
        return registers.get() + lookups.get() + getByIds.get() + latests.get();
    }

    @Override
    public int register(String subject, Schema schema) {
        registers.incrementAndGet();
        return delegate.register(subject, schema);
    }

    @Override
    public int lookup(String subject, Schema schema) {
        lookups.incrementAndGet();
        return delegate.lookup(subject, schema);
    }

    @Override
    public Schema getById(int id) {
        getByIds.incrementAndGet();
        return delegate.getById(id);
    }

    @Override
    public RegisteredSchema latestVersion(String subject) {
        latests.incrementAndGet();
        return delegate.latestVersion(subject);
    }

    @Override
    public List<String> subjects() {
        return delegate.subjects();
    }

    @Override
    public void checkReachable() {
        delegate.checkReachable();
    }
}
