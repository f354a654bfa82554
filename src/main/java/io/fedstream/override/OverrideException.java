package io.fedstream.override;

/** An overrider that cannot be applied to a manifest; the message says what and why. */
public final class OverrideException extends RuntimeException {

    public OverrideException(String message) {
        super(message, null, false, false);
    }
}
