package io.fedstream.runtime;

import java.util.Map;
import java.util.Objects;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * A state store that holds nothing: it runs what its processor gave it ({@link #runs}) each time Kafka Streams writes
 * out the task's store caches, which it does before every commit (and before a task is suspended or closed). Work that
 * need not follow every record, only be done by the next commit, goes here.
 *
 * <p>Kafka Streams has no public callback at that point: it tells its caches through the internal
 * {@link CachedStateStore}, so this store implements that (Kafka 4.3). {@code BeforeCommitTest} runs it on
 * TopologyTestDriver, which commits through the same task code as a stream thread: a Kafka upgrade that stops calling
 * it fails there. Stores the work writes to should not be cached: a cache written out before this store would keep the
 * work's writes for the next commit.
 */
public final class BeforeCommit implements StateStore, CachedStateStore<Object, Object> {

    private static final Runnable NOTHING = () -> { };

    private final String name;
    private Runnable work = NOTHING;
    private boolean open;

    private BeforeCommit(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The store's builder, for {@code StreamsBuilder.addStateStore}: never logged, never cached. */
    public static StoreBuilder<BeforeCommit> builder(String name) {
        return new Builder(name);
    }

    /** What to run before each commit of the processor's task, in place of what was given before. */
    public void runs(Runnable work) {
        this.work = Objects.requireNonNull(work, "work");
    }

    @Override
    public void flushCache() {
        work.run();
    }

    @Override
    public boolean setFlushListener(CacheFlushListener<Object, Object> listener, boolean sendOldValues) {
        return false;
    }

    @Override
    public void clearCache() {
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        context.register(root, (key, value) -> { });
        open = true;
    }

    @Override
    public void close() {
        work = NOTHING;
        open = false;
    }

    @Override
    public boolean persistent() {
        return false;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    private record Builder(String name) implements StoreBuilder<BeforeCommit> {

        @Override
        public StoreBuilder<BeforeCommit> withCachingEnabled() {
            throw new UnsupportedOperationException("a BeforeCommit store holds nothing to cache");
        }

        @Override
        public StoreBuilder<BeforeCommit> withCachingDisabled() {
            return this;
        }

        @Override
        public StoreBuilder<BeforeCommit> withLoggingEnabled(Map<String, String> config) {
            throw new UnsupportedOperationException("a BeforeCommit store holds nothing to log");
        }

        @Override
        public StoreBuilder<BeforeCommit> withLoggingDisabled() {
            return this;
        }

        @Override
        public BeforeCommit build() {
            return new BeforeCommit(name);
        }

        @Override
        public Map<String, String> logConfig() {
            return Map.of();
        }

        @Override
        public boolean loggingEnabled() {
            return false;
        }
    }
}
