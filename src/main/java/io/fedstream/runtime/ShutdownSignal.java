package io.fedstream.runtime;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * One stop signal for long-running commands: Ctrl-C (or SIGTERM) or the end of a duration. Once {@link
 * #handleTerminationSignals} took the signals over, SIGTERM and SIGINT ask the running command to stop instead of
 * ending the JVM, so that the command closes everything and the process exits with the command's own code (0 for a
 * clean stop, which a supervisor counts as one; a JVM ended by the signal exits 143). Otherwise, and for a second
 * signal, the JVM's shutdown waits until the command has closed everything.
 */
public final class ShutdownSignal implements AutoCloseable {

    private static final long MAX_CLOSE_WAIT_SECONDS = 60;
    /** The signals a command stops on, as a terminal and a supervisor send them. */
    private static final String[] TERMINATION = {"TERM", "INT"};
    private static final Set<ShutdownSignal> OPEN = ConcurrentHashMap.newKeySet();

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
        OPEN.add(this);
    }

    /**
     * For the process's {@code main} only: SIGTERM and SIGINT stop the open signals' commands. With no command running,
     * or at a second signal, the JVM ends as it would have ({@code 128 + signal}), its shutdown hooks waiting as before.
     */
    public static void handleTerminationSignals() {
        for (String name : TERMINATION) {
            Signal.handle(new Signal(name), ShutdownSignal::received);
        }
    }

    private static void received(Signal signal) {
        if (OPEN.isEmpty() || OPEN.stream().allMatch(ShutdownSignal::requested)) {
            System.exit(128 + signal.getNumber());
        }
        OPEN.forEach(ShutdownSignal::request);
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

    private boolean requested() {
        return stopRequested.getCount() == 0;
    }

    @Override
    public void close() {
        OPEN.remove(this);
        closed.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already shutting down; the hook is running and now sees `closed`.
        }
    }
}
