package io.fedstream.interpret;

import java.util.Map;

/** Parses a record's map of quantities into Resources, naming the field and value of a bad one. */
public final class QuantityFields {

    private QuantityFields() {}

    /**
     * The amounts of {@code quantities}, each entry checked alone so a bad one is named {@code <field>.<resource>}.
     * Negative amounts are refused: {@link Resources#fromQuantities} accepts them (it inverts
     * {@code toQuantities}), but a negative allocated or request would make free room out of nothing.
     *
     * @throws IllegalArgumentException naming the field and the value
     */
    public static Resources parse(String field, Map<String, String> quantities) {
        Resources total = Resources.NONE;
        for (Map.Entry<String, String> entry : quantities.entrySet()) {
            total = total.plus(parseOne(field + "." + entry.getKey(), entry.getKey(), entry.getValue()));
        }
        return total;
    }

    private static Resources parseOne(String field, String resource, String quantity) {
        if (quantity == null) {
            throw bad(field, null, "must be a quantity");
        }
        Resources amount;
        try {
            amount = Resources.fromQuantities(Map.of(resource, quantity));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw bad(field, quantity, e.getMessage());
        }
        if (amount.get(resource) < 0) {
            throw bad(field, quantity, "must not be negative");
        }
        return amount;
    }

    private static IllegalArgumentException bad(String field, String value, String reason) {
        return new IllegalArgumentException(new FieldError(field, value, reason).message());
    }
}
