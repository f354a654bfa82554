package io.fedstream.interpret;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the field errors found while reading one manifest, and apart from them the reasons a
 * well-formed manifest of a known kind still cannot be interpreted (e.g. it references an
 * object the interpreter was not given).
 */
public final class Problems {

    private final List<FieldError> errors = new ArrayList<>();
    private final List<FieldError> unresolved = new ArrayList<>();
    private final List<FieldError> warnings = new ArrayList<>();

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

    /**
     * Records why the manifest cannot be interpreted although nothing in it is wrong; unless an
     * error is also recorded, the outcome is UNINTERPRETED with these reasons.
     */
    public void addUninterpretable(FieldError reason) {
        if (!unresolved.contains(reason)) {
            unresolved.add(reason);
        }
    }

    /** Records a field that is read but has no effect; it changes no outcome. */
    public void addWarning(FieldError warning) {
        if (!warnings.contains(warning)) {
            warnings.add(warning);
        }
    }

    /** The warnings recorded so far, in the order found. */
    public List<FieldError> warnings() {
        return List.copyOf(warnings);
    }

    /** The reasons recorded by {@link #addUninterpretable}, in the order found. */
    public List<FieldError> uninterpretable() {
        return List.copyOf(unresolved);
    }
}
