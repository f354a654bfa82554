package io.fedstream.lease;

import io.fedstream.interpret.Resources;
import java.util.Map;
import java.util.function.ToLongBiFunction;

/**
 * Arithmetic on amounts of room that {@link Resources} does not offer: differences floored at zero, minima, covering.
 * Exact (an overflow throws {@link ArithmeticException}); every result names only positive amounts, so that "no room"
 * has one form, {@link Resources#NONE}.
 */
final class Room {

    private Room() {}

    /** The positive amounts only. */
    static Resources positive(Resources amounts) {
        return perResource(amounts, (resource, amount) -> amount);
    }

    /** {@code a + b}, positive amounts only. */
    static Resources plus(Resources a, Resources b) {
        return positive(a.plus(b));
    }

    /** {@code max(0, a - b)} per resource. */
    static Resources less(Resources a, Resources b) {
        return perResource(a, (resource, amount) -> Math.subtractExact(amount, b.get(resource)));
    }

    /** {@code min(a, b)} per resource ({@code a}'s resources; one {@code b} does not name counts as 0). */
    static Resources min(Resources a, Resources b) {
        return perResource(a, (resource, amount) -> Math.min(amount, b.get(resource)));
    }

    /** {@code max(a, b)} per resource either names. */
    static Resources max(Resources a, Resources b) {
        return positive(a.max(b));
    }

    /** Whether {@code room} holds {@code amount}: at least as much of every resource {@code amount} names. */
    static boolean covers(Resources room, Resources amount) {
        for (Map.Entry<String, Long> entry : amount.amounts().entrySet()) {
            if (entry.getValue() > room.get(entry.getKey())) {
                return false;
            }
        }
        return true;
    }

    /** No positive amount at all. */
    static boolean none(Resources amounts) {
        for (long amount : amounts.amounts().values()) {
            if (amount > 0) {
                return false;
            }
        }
        return true;
    }

    /** The amounts of {@code a} on the resources {@code names} holds, positive only. */
    static Resources on(Resources a, Resources names) {
        return perResource(a, (resource, amount) -> names.amounts().containsKey(resource) ? amount : 0);
    }

    /** {@code f} of each resource {@code a} names and its amount, positive results only. */
    private static Resources perResource(Resources a, ToLongBiFunction<String, Long> f) {
        Resources.Builder out = new Resources.Builder(a.amounts().size());
        a.amounts().forEach((resource, amount) -> {
            long result = f.applyAsLong(resource, amount);
            if (result > 0) {
                out.add(resource, result);
            }
        });
        return out.build();
    }
}
