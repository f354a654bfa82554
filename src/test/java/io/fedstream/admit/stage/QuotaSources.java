package io.fedstream.admit.stage;

import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.util.List;

/** Entries of {@link AdmitStores#QUOTA_SOURCES} as the admit stage writes them, for tests of the stores' readers. */
public final class QuotaSources {

    private QuotaSources() {}

    /**
     * A version of a quota taken in with {@code digest}: refused for {@code problems}, applied when there are none;
     * {@code notes} say how the version in force was read.
     */
    public static byte[] entry(String digest, List<FieldError> problems, List<ReadingNote> notes) {
        return new QuotaSource(digest, problems, notes).encode();
    }
}
