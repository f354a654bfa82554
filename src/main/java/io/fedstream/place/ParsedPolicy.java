package io.fedstream.place;

import io.fedstream.interpret.FieldError;

import java.util.List;

/** The outcome of reading one policy manifest: the policy, or every problem found (never both). */
public record ParsedPolicy(PropagationPolicy policy, List<FieldError> errors) {

    public ParsedPolicy {
        errors = List.copyOf(errors);
    }

    public boolean isValid() {
        return policy != null;
    }
}
