package io.fedstream.interpret;

/**
 * One problem with a manifest: the field path (e.g.
 * {@code spec.template.spec.containers[0].resources.requests.memory}), the offending value
 * (nullable, truncated to about 200 characters) and why it was refused.
 */
public record FieldError(String field, String value, String reason) {

    static final int MAX_VALUE_LENGTH = 200;

    public FieldError {
        if (value != null && value.length() > MAX_VALUE_LENGTH) {
            value = value.substring(0, MAX_VALUE_LENGTH) + "...";
        }
    }

    /** {@code "<field>: <reason> (value: <value>)"}; the value part is left out when there is none. */
    public String message() {
        return value == null ? field + ": " + reason : field + ": " + reason + " (value: " + value + ")";
    }
}
