package io.fedstream.decide;

import io.fedstream.admit.LedgerState;
import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The admit stage's stores as it writes them, for tests of the stores' readers: the ledger's state, and entries of
 * {@link AdmitStores#QUOTA_SOURCES}.
 */
public final class QuotaSources {

    private QuotaSources() {}

    /** The ledger's state over the stores {@code stores} gives by name, encoded as the admit task encodes it. */
    public static LedgerState ledger(Function<String, KeyValueStore<String, byte[]>> stores) {
        return StoreLedgerState.writable(stores);
    }

    /**
     * A version of a quota taken in with {@code digest}: refused for {@code problems}, applied when there are none;
     * {@code notes} say how the version in force was read.
     */
    public static byte[] entry(String digest, List<FieldError> problems, List<ReadingNote> notes) {
        return new QuotaSource(digest, problems, notes).encode();
    }
}
