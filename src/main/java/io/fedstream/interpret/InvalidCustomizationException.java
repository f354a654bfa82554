package io.fedstream.interpret;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown when an {@link InterpreterCustomization} is refused as it is loaded or combined with
 * others: each error names the customization's field, its value and the reason.
 */
public final class InvalidCustomizationException extends RuntimeException {

    private final String context;
    private final List<FieldError> errors;

    InvalidCustomizationException(String context, List<FieldError> errors) {
        super(context + ": " + errors.stream().map(FieldError::message).collect(Collectors.joining("; ")));
        this.context = context;
        this.errors = List.copyOf(errors);
    }

    /** Which customization (name and source, as far as known) was refused. */
    public String context() {
        return context;
    }

    /** Every problem found, in document order; never empty. */
    public List<FieldError> errors() {
        return errors;
    }
}
