package io.fedstream.admit;

import java.util.Objects;

/** Something an accepted FederatedResourceQuota manifest said differently from Karmada, and how fedstream read it. */
public record ReadingNote(String field, String text) {

    public ReadingNote {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(text, "text");
    }

    /** {@code field: text}, as the CLI shows it. */
    public String message() {
        return field + ": " + text;
    }
}
