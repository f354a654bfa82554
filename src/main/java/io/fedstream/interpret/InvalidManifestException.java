package io.fedstream.interpret;

/** Thrown inside the parser when a document must be refused; never escapes {@link Interpreter}. */
final class InvalidManifestException extends RuntimeException {

    private final FieldError error;

    InvalidManifestException(FieldError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    FieldError error() {
        return error;
    }
}
