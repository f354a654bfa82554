package io.fedstream.runtime;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Work a start runs on another thread while the broker creates the topics (the registry check, the policy snapshot). */
final class BesideTheStart {

    private BesideTheStart() {}

    /** Waits for the work and gives its result; throws what the work threw, not wrapped. */
    static <T> T await(CompletableFuture<T> work) {
        try {
            return work.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }
}
