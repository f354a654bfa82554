package io.fedstream.cli;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.FieldError;
import java.util.List;

/** Why a binding is not running as applied, in one line: its first interpretation error, its admission's reason, or why it is not placed. */
final class BindingReason {

    private BindingReason() {}

    /** {@code -} for a binding interpreted, admitted and placed. */
    static String of(ResourceBinding binding) {
        if (binding.getInterpretation().getState() != InterpretationState.INTERPRETED) {
            String error = firstInterpretationError(binding);
            return error.isEmpty() ? "-" : error;
        }
        if (binding.getAdmission().getState() != AdmissionState.ADMITTED && binding.getAdmission().getReason() != null) {
            return binding.getAdmission().getReason();
        }
        if (binding.getPlacement() == null && binding.getUnplacedReason() != null) {
            return binding.getUnplacedReason();
        }
        return "-";
    }

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
