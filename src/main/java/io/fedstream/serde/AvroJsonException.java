package io.fedstream.serde;

/** A JSON value that does not fit its Avro schema; the message starts with the path of the offending field. */
public final class AvroJsonException extends RuntimeException {

    public AvroJsonException(String message) {
        super(message);
    }
}
