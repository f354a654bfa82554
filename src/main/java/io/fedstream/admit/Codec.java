package io.fedstream.admit;

/** Turns one ledger state type into the bytes its store holds ({@link LedgerCodecs}) and back. */
public interface Codec<T> {

    byte[] encode(T value);

    /** @throws IllegalArgumentException when the bytes are not a value of this codec's format */
    T decode(byte[] bytes);
}
