package io.fedstream.place;

import io.fedstream.interpret.FieldError;

import java.util.List;

/** The outcome of reading one policy manifest: the policy, or every problem found (never both). */
public record ParsedPolicy(PropagationPolicy policy, List<FieldError> errors) {

    public ParsedPolicy {
        errors = List.copyOf(errors);
    }

    /** True when the manifest was accepted. */
    public boolean isValid() {
        return policy != null;
    }
}
