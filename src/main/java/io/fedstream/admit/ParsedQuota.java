package io.fedstream.admit;

import io.fedstream.interpret.FieldError;

import java.util.List;

/**
 * What became of a FederatedResourceQuota manifest: the quota with the notes on how it was read, or every error found
 * in it (never both).
 */
public record ParsedQuota(FederatedResourceQuota quota, List<FieldError> errors, List<ReadingNote> notes) {

    public ParsedQuota {
        errors = errors == null ? List.of() : List.copyOf(errors);
        notes = notes == null ? List.of() : List.copyOf(notes);
        if ((quota == null) == errors.isEmpty()) {
            throw new IllegalArgumentException("a parsed quota has either a quota or errors");
        }
        if (quota == null && !notes.isEmpty()) {
            throw new IllegalArgumentException("only an accepted quota has notes");
        }
    }

    public boolean isValid() {
        return quota != null;
    }
}
