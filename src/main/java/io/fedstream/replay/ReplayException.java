package io.fedstream.replay;

/** A replay script that cannot be run; the message names the line and the problem. */
public final class ReplayException extends RuntimeException {

    public ReplayException(String message) {
        super(message);
    }
}
