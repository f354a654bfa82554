package io.fedstream.runtime;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One stop signal for long-running commands: Ctrl-C (or SIGTERM) or the end of a duration. The JVM's
 * shutdown waits until the command has closed everything, so state and transactions end cleanly.
 */
public final class ShutdownSignal implements AutoCloseable {

    private static final long MAX_CLOSE_WAIT_SECONDS = 60;

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread hook;

    public ShutdownSignal() {
        hook = new Thread(() -> {
            stopRequested.countDown();
            try {
                closed.await(MAX_CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "fedstream-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Waits for Ctrl-C, or for the duration when one is given; true when Ctrl-C came first. */
    public boolean await(Duration duration) throws InterruptedException {
        if (duration == null) {
            stopRequested.await();
            return true;
        }
        return stopRequested.await(duration.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits at most the given time for Ctrl-C; true when it came. */
    public boolean poll(Duration atMost) throws InterruptedException {
        return stopRequested.await(atMost.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Asks the command to stop, as Ctrl-C does. */
    public void request() {
        stopRequested.countDown();
    }

    @Override
    public void close() {
        closed.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already shutting down; the hook is running and now sees `closed`.
        }
    }
}
