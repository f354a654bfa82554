package io.fedstream.admit;

import io.fedstream.interpret.FieldError;

import java.util.List;

/** What became of a FederatedResourceQuota manifest: the quota, or every error found in it (never both). */
public record ParsedQuota(FederatedResourceQuota quota, List<FieldError> errors) {

    public ParsedQuota {
        errors = errors == null ? List.of() : List.copyOf(errors);
        if ((quota == null) == errors.isEmpty()) {
            throw new IllegalArgumentException("a parsed quota has either a quota or errors");
        }
    }

    /** True when the manifest was accepted. */
    public boolean isValid() {
        return quota != null;
    }
}
