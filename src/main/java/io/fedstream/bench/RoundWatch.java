package io.fedstream.bench;

import java.time.Duration;

/**
 * Decides when a round has failed: the measured JVM exited, wrote nothing for the stall timeout, or the round
 * timeout passed. The message says how far the round got and ends with the JVM's last output.
 */
final class RoundWatch {

    private final String round;
    private final ChildJvm app;
    private final long startNanos = System.nanoTime();
    private final Duration roundTimeout;
    private final Duration stallTimeout;
    private long lastProgressNanos = startNanos;
    private long lastSeen = -1;

    RoundWatch(String round, ChildJvm app, Duration roundTimeout, Duration stallTimeout) {
        this.round = round;
        this.app = app;
        this.roundTimeout = roundTimeout;
        this.stallTimeout = stallTimeout;
    }

    /**
     * Throws {@link RoundFailedException} when the round cannot complete. {@code recordsSeen} counts every output
     * record read so far (any change is progress); {@code progress} says how far the round got, for the message.
     */
    void check(long recordsSeen, String progress) {
        long now = System.nanoTime();
        if (recordsSeen != lastSeen) {
            lastSeen = recordsSeen;
            lastProgressNanos = now;
        }
        if (!app.isAlive()) {
            throw failure("the " + app.name() + " JVM exited after " + progress);
        }
        if (now - lastProgressNanos > stallTimeout.toNanos()) {
            throw failure("no output for " + stallTimeout.toSeconds() + " s after " + progress);
        }
        if (now - startNanos > roundTimeout.toNanos()) {
            throw failure("not complete within " + roundTimeout.toSeconds() + " s: " + progress);
        }
    }

    private RoundFailedException failure(String reason) {
        return new RoundFailedException(round + " failed: " + reason + " (log: " + app.log() + "); last output of the "
                + app.name() + " JVM:\n" + app.tail());
    }

    /** A round did not complete; the benchmark prints no number for it and exits non-zero. */
    static final class RoundFailedException extends RuntimeException {
        RoundFailedException(String message) {
            super(message);
        }
    }
}
