package io.fedstream.cli;

import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.FieldError;
import java.util.List;

/** A binding's first interpretation error in one line, for the per-template table (the summary's REASON is {@code BindingColumns}'). */
final class BindingReason {

    private BindingReason() {}

    /** {@code field: reason (value: v)}; empty when there is none. */
    static String firstInterpretationError(ResourceBinding binding) {
        List<InterpretationError> errors = binding.getInterpretation().getErrors();
        if (errors.isEmpty()) {
            return "";
        }
        InterpretationError error = errors.get(0);
        return new FieldError(error.getField(), error.getValue(), error.getReason()).message();
    }
}
