package io.fedstream.api;

/** A request the client must fix: names the parameter and the value given. */
final class BadRequestException extends RuntimeException {

    private final String field;
    private final String value;

    BadRequestException(String field, String value, String reason) {
        super(field + ": " + reason + (value == null ? "" : " (value: " + value + ")"));
        this.field = field;
        this.value = value;
    }

    String field() {
        return field;
    }

    String value() {
        return value;
    }
}
