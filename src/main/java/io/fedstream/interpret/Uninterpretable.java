package io.fedstream.interpret;

/**
 * Thrown by a {@link KindInterpreter} when a manifest of a kind it knows cannot be interpreted
 * from the manifest alone (e.g. an Argo Rollout whose pods come from a referenced Deployment):
 * the manifest is reported UNINTERPRETED with this reason, never counted as zero.
 */
public final class Uninterpretable extends RuntimeException {

    private final FieldError reason;

    /** Names the field that makes the manifest uninterpretable, its value and why. */
    public Uninterpretable(String field, String value, String reason) {
        super(field + ": " + reason, null, false, false);
        this.reason = new FieldError(field, value, reason);
    }

    /** The field, value and reason to report. */
    public FieldError reason() {
        return reason;
    }
}
