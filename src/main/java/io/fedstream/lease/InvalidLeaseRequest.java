package io.fedstream.lease;

/** A lease request the allocator cannot take in: the field at fault, its value, and why (the message). */
public final class InvalidLeaseRequest extends IllegalArgumentException {

    private final String field;
    private final String value;

    InvalidLeaseRequest(String field, String value, String message) {
        super(message);
        this.field = field;
        this.value = value;
    }

    /** E.g. {@code want.cpu} or {@code giveBack[0].bucket}. */
    public String field() {
        return field;
    }

    public String value() {
        return value;
    }
}
