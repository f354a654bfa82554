package io.fedstream.api;

/** A store (or the instance holding it) cannot answer right now, e.g. while partitions migrate; the client should retry. */
public final class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message) {
        super(message);
    }

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
