package io.fedstream.override;

import io.fedstream.interpret.FieldError;

import java.util.List;

/** The outcome of reading one override policy manifest: the policy, or every problem found (never both). */
public record ParsedOverridePolicy(OverridePolicy policy, List<FieldError> errors) {

    public ParsedOverridePolicy {
        errors = List.copyOf(errors);
    }

    /** True when the manifest was accepted. */
    public boolean isValid() {
        return policy != null;
    }
}
