package io.fedstream.admit;

/** Turns one ledger state type into bytes and back; a Kafka Serde wraps it in the admit processor. */
public interface Codec<T> {

    byte[] encode(T value);

    /** @throws IllegalArgumentException when the bytes are not a value of this codec's format */
    T decode(byte[] bytes);
}
