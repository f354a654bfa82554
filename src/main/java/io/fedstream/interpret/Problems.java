package io.fedstream.interpret;

import java.util.ArrayList;
import java.util.List;

/** Collects the field errors found while reading one manifest. */
public final class Problems {

    private final List<FieldError> errors = new ArrayList<>();

    /** Records one problem, unless it is already recorded. */
    public void add(String field, String value, String reason) {
        add(new FieldError(field, value, reason));
    }

    /** Records one problem, unless it is already recorded. */
    public void add(FieldError error) {
        // The same field can be read twice (e.g. to validate, then to compute); report it once.
        if (!errors.contains(error)) {
            errors.add(error);
        }
    }

    /** The problems so far, in the order found. */
    public List<FieldError> list() {
        return List.copyOf(errors);
    }

    /** How many problems were found so far. */
    public int size() {
        return errors.size();
    }

    /** True when nothing is wrong. */
    public boolean isEmpty() {
        return errors.isEmpty();
    }
}
