package io.fedstream.interpret;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An immutable amount per resource name, in integer units: bytes for memory, storage,
 * ephemeral-storage and hugepages-*, milli-units for cpu and every other resource.
 * All arithmetic is exact; an overflow throws {@link ArithmeticException}.
 */
public final class Resources {

    /** No resources at all. */
    public static final Resources NONE = new Resources(new TreeMap<>());

    private static final String[] BINARY_SUFFIXES = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};
    private static final long[] BINARY_FACTORS = {1L << 60, 1L << 50, 1L << 40, 1L << 30, 1L << 20, 1L << 10};
    private static final String[] DECIMAL_SUFFIXES = {"E", "P", "T", "G", "M", "k"};
    private static final long[] DECIMAL_FACTORS = {
        1_000_000_000_000_000_000L, 1_000_000_000_000_000L, 1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L
    };

    private final SortedMap<String, Long> amounts;

    private Resources(TreeMap<String, Long> amounts) {
        this.amounts = Collections.unmodifiableSortedMap(amounts);
    }

    /** Resources with the given amounts; names are normalised ({@code requests.cpu} becomes {@code cpu}). */
    public static Resources of(Map<String, Long> amounts) {
        TreeMap<String, Long> copy = new TreeMap<>();
        amounts.forEach((name, amount) -> {
            Objects.requireNonNull(amount, () -> "amount of " + name);
            String key = normalizeName(Objects.requireNonNull(name, "resource name"));
            copy.merge(key, amount, Math::addExact);
        });
        return copy.isEmpty() ? NONE : new Resources(copy);
    }

    /** The amounts, sorted by resource name. */
    public Map<String, Long> amounts() {
        return amounts;
    }

    /** The amount of one resource, 0 when absent. */
    public long get(String name) {
        return amounts.getOrDefault(normalizeName(name), 0L);
    }

    /** True when no resource is named. */
    public boolean isEmpty() {
        return amounts.isEmpty();
    }

    /** The sum, per resource; exact. */
    public Resources plus(Resources other) {
        if (other.isEmpty()) {
            return this;
        }
        TreeMap<String, Long> sum = new TreeMap<>(amounts);
        other.amounts.forEach((name, amount) -> sum.merge(name, amount, Math::addExact));
        return new Resources(sum);
    }

    /** Every amount multiplied by a factor; exact. */
    public Resources times(long factor) {
        TreeMap<String, Long> product = new TreeMap<>();
        amounts.forEach((name, amount) -> product.put(name, Math.multiplyExact(amount, factor)));
        return product.isEmpty() ? NONE : new Resources(product);
    }

    /** The larger amount per resource; a resource named on one side only counts as 0 on the other. */
    public Resources max(Resources other) {
        TreeMap<String, Long> result = new TreeMap<>();
        amounts.forEach((name, amount) -> result.put(name, Math.max(amount, other.amounts.getOrDefault(name, 0L))));
        other.amounts.forEach((name, amount) -> result.putIfAbsent(name, Math.max(amount, 0L)));
        return result.isEmpty() ? NONE : new Resources(result);
    }

    /** These resources with the given ones replacing the amounts of the names they share. */
    public Resources with(Resources replacements) {
        if (replacements.isEmpty()) {
            return this;
        }
        TreeMap<String, Long> result = new TreeMap<>(amounts);
        result.putAll(replacements.amounts);
        return new Resources(result);
    }

    /** Canonical Kubernetes quantity strings per resource name. */
    public SortedMap<String, String> toQuantities() {
        TreeMap<String, String> out = new TreeMap<>();
        amounts.forEach((name, amount) -> out.put(name, format(name, amount)));
        return out;
    }

    /** The inverse of {@link #toQuantities()}: parses quantity strings into integer units. */
    public static Resources fromQuantities(Map<String, String> quantities) {
        TreeMap<String, Long> out = new TreeMap<>();
        quantities.forEach((name, text) -> {
            String key = normalizeName(name);
            String trimmed = text.trim();
            boolean negative = trimmed.startsWith("-");
            long units = Quantities.toUnits(key, negative ? trimmed.substring(1) : trimmed);
            out.merge(key, negative ? Math.negateExact(units) : units, Math::addExact);
        });
        return out.isEmpty() ? NONE : new Resources(out);
    }

    /** True for resources counted in bytes: memory, storage, ephemeral-storage and hugepages-*. */
    public static boolean isByteResource(String name) {
        String n = name;
        if (n.startsWith("requests.")) {
            n = n.substring("requests.".length());
        } else if (n.startsWith("limits.")) {
            n = n.substring("limits.".length());
        }
        return n.equals("memory") || n.equals("storage") || n.equals("ephemeral-storage") || n.startsWith("hugepages-");
    }

    /** {@code requests.cpu} becomes {@code cpu} (the same quota key); {@code limits.cpu} stays. */
    public static String normalizeName(String name) {
        return name.startsWith("requests.") ? name.substring("requests.".length()) : name;
    }

    static String format(String name, long amount) {
        if (amount == 0) {
            return "0";
        }
        if (!isByteResource(name)) {
            return amount % 1000 == 0 ? Long.toString(amount / 1000) : amount + "m";
        }
        for (int i = 0; i < BINARY_FACTORS.length; i++) {
            if (amount % BINARY_FACTORS[i] == 0) {
                return amount / BINARY_FACTORS[i] + BINARY_SUFFIXES[i];
            }
        }
        for (int i = 0; i < DECIMAL_FACTORS.length; i++) {
            if (amount % DECIMAL_FACTORS[i] == 0) {
                return amount / DECIMAL_FACTORS[i] + DECIMAL_SUFFIXES[i];
            }
        }
        return Long.toString(amount);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Resources other && amounts.equals(other.amounts);
    }

    @Override
    public int hashCode() {
        return amounts.hashCode();
    }

    @Override
    public String toString() {
        return toQuantities().toString();
    }
}
