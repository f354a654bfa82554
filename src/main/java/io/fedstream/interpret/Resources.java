package io.fedstream.interpret;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ObjLongConsumer;

/**
 * An immutable amount per resource name, in integer units: bytes for memory, storage,
 * ephemeral-storage and hugepages-*, milli-units for cpu and every other resource.
 * All arithmetic is exact; an overflow throws {@link ArithmeticException}.
 */
public final class Resources {

    /** No resources at all. */
    public static final Resources NONE = new Resources(new String[0], new long[0]);

    private static final String[] BINARY_SUFFIXES = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};
    private static final long[] BINARY_FACTORS = {1L << 60, 1L << 50, 1L << 40, 1L << 30, 1L << 20, 1L << 10};
    private static final String[] DECIMAL_SUFFIXES = {"E", "P", "T", "G", "M", "k"};
    private static final long[] DECIMAL_FACTORS = {
        1_000_000_000_000_000_000L, 1_000_000_000_000_000L, 1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L
    };

    // Sorted parallel arrays: a pod names a handful of resources, and a TreeMap per operation
    // was a tenth of a FlinkDeployment's interpretation time.
    private final String[] names;
    private final long[] values;
    private SortedMap<String, Long> amounts;

    private Resources(String[] names, long[] values) {
        this.names = names;
        this.values = values;
    }

    /** Resources with the given amounts; names are normalised ({@code requests.cpu} becomes {@code cpu}). */
    public static Resources of(Map<String, Long> amounts) {
        Builder builder = new Builder(amounts.size());
        amounts.forEach((name, amount) -> {
            Objects.requireNonNull(amount, () -> "amount of " + name);
            builder.add(normalizeName(Objects.requireNonNull(name, "resource name")), amount);
        });
        return builder.build();
    }

    /** The amounts, sorted by resource name. */
    public Map<String, Long> amounts() {
        SortedMap<String, Long> map = amounts;
        if (map == null) {
            TreeMap<String, Long> tree = new TreeMap<>();
            for (int i = 0; i < names.length; i++) {
                tree.put(names[i], values[i]);
            }
            map = Collections.unmodifiableSortedMap(tree);
            amounts = map;
        }
        return map;
    }

    /**
     * Each resource name with its amount, in name order, with no map built: the placement path reads new values at
     * every ask, and {@link #amounts()} built a TreeMap for each.
     */
    public void forEach(ObjLongConsumer<String> action) {
        for (int i = 0; i < names.length; i++) {
            action.accept(names[i], values[i]);
        }
    }

    /** Whether the (already normalised) resource name is named, with any amount (0 included): {@code amounts().containsKey}. */
    public boolean has(String name) {
        return Arrays.binarySearch(names, name) >= 0;
    }

    /** The same amounts without the zero ones; these when none is 0. */
    public Resources withoutZeros() {
        int zeros = 0;
        for (long value : values) {
            if (value == 0) {
                zeros++;
            }
        }
        if (zeros == 0) {
            return this;
        }
        String[] keptNames = new String[names.length - zeros];
        long[] keptValues = new long[keptNames.length];
        int n = 0;
        for (int i = 0; i < names.length; i++) {
            if (values[i] != 0) {
                keptNames[n] = names[i];
                keptValues[n] = values[i];
                n++;
            }
        }
        return ofSorted(keptNames, keptValues);
    }

    /** The amount of one resource, 0 when absent. */
    public long get(String name) {
        int i = Arrays.binarySearch(names, normalizeName(name));
        return i >= 0 ? values[i] : 0L;
    }

    /** True when no resource is named. */
    public boolean isEmpty() {
        return names.length == 0;
    }

    /** How many resources are named. */
    int size() {
        return names.length;
    }

    /** The i-th resource name, in sorted order. */
    String nameAt(int i) {
        return names[i];
    }

    /** The amount of the i-th resource name. */
    long amountAt(int i) {
        return values[i];
    }

    /** The position of an (already normalised) resource name, negative when it is not named. */
    int indexOf(String name) {
        String[] n = names;
        // Names are few and usually the same string instances: a scan finds them before a binary search would.
        for (int i = 0; i < n.length; i++) {
            if (n[i] == name) {
                return i;
            }
        }
        return Arrays.binarySearch(n, name);
    }

    /** Resources over sorted, distinct names that the caller hands over and no longer modifies. */
    static Resources ofSorted(String[] names, long[] values) {
        return names.length == 0 ? NONE : new Resources(names, values);
    }

    /** The sum, per resource; exact. */
    public Resources plus(Resources other) {
        if (other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        return merge(other, MergeOp.SUM);
    }

    /** Every amount multiplied by a factor; exact. */
    public Resources times(long factor) {
        if (isEmpty()) {
            return NONE;
        }
        long[] product = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            product[i] = Math.multiplyExact(values[i], factor);
        }
        return new Resources(names, product);
    }

    /** The larger amount per resource; a resource named on one side only counts as 0 on the other. */
    public Resources max(Resources other) {
        if (isEmpty() && other.isEmpty()) {
            return NONE;
        }
        return merge(other, MergeOp.MAX);
    }

    /** These resources with the given ones replacing the amounts of the names they share. */
    public Resources with(Resources replacements) {
        if (replacements.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return replacements;
        }
        return merge(replacements, MergeOp.REPLACE);
    }

    private enum MergeOp { SUM, MAX, REPLACE }

    /** One pass over both sorted name arrays; a name on one side only is combined with 0 (MAX) or taken as is. */
    private Resources merge(Resources other, MergeOp op) {
        String[] a = names;
        String[] b = other.names;
        if (sameNames(a, b)) {
            // The usual case (e.g. cpu and memory on both sides): the names are shared, not copied.
            long[] out = new long[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = combine(op, values[i], other.values[i]);
            }
            return new Resources(a, out);
        }
        String[] outNames = new String[a.length + b.length];
        long[] outValues = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            int cmp = i == a.length ? 1 : j == b.length ? -1 : a[i] == b[j] ? 0 : a[i].compareTo(b[j]);
            long value;
            if (cmp == 0) {
                value = combine(op, values[i], other.values[j]);
                outNames[n] = a[i];
                i++;
                j++;
            } else if (cmp < 0) {
                value = op == MergeOp.MAX ? Math.max(values[i], 0L) : values[i];
                outNames[n] = a[i];
                i++;
            } else {
                value = op == MergeOp.MAX ? Math.max(other.values[j], 0L) : other.values[j];
                outNames[n] = b[j];
                j++;
            }
            outValues[n] = value;
            n++;
        }
        if (n < outNames.length) {
            outNames = Arrays.copyOf(outNames, n);
            outValues = Arrays.copyOf(outValues, n);
        }
        return new Resources(outNames, outValues);
    }

    private static long combine(MergeOp op, long mine, long theirs) {
        return switch (op) {
            case SUM -> Math.addExact(mine, theirs);
            case MAX -> Math.max(mine, theirs);
            case REPLACE -> theirs;
        };
    }

    private static boolean sameNames(String[] a, String[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i] && !a[i].equals(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** Collects amounts by (already normalised) resource name, duplicates summed exactly, into Resources. */
    public static final class Builder {

        private String[] names;
        private long[] values;
        private int size;

        /** A builder with room for the expected number of names (it grows past them). */
        public Builder(int expected) {
            names = new String[Math.max(expected, 2)];
            values = new long[names.length];
        }

        /** Adds an amount under a normalised name; a name already added gets the sum. */
        public Builder add(String key, long amount) {
            int i = 0;
            while (i < size && names[i].compareTo(key) < 0) {
                i++;
            }
            if (i < size && names[i].equals(key)) {
                values[i] = Math.addExact(values[i], amount);
                return this;
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            System.arraycopy(names, i, names, i + 1, size - i);
            System.arraycopy(values, i, values, i + 1, size - i);
            names[i] = key;
            values[i] = amount;
            size++;
            return this;
        }

        /** The amounts added so far. */
        public Resources build() {
            if (size == 0) {
                return NONE;
            }
            return new Resources(Arrays.copyOf(names, size), Arrays.copyOf(values, size));
        }
    }

    /** Canonical Kubernetes quantity strings per resource name. */
    public SortedMap<String, String> toQuantities() {
        TreeMap<String, String> out = new TreeMap<>();
        for (int i = 0; i < names.length; i++) {
            out.put(names[i], format(names[i], values[i]));
        }
        return out;
    }

    /** The inverse of {@link #toQuantities()}: parses quantity strings into integer units. */
    public static Resources fromQuantities(Map<String, String> quantities) {
        Builder out = new Builder(quantities.size());
        quantities.forEach((name, text) -> {
            String key = normalizeName(name);
            String trimmed = text.trim();
            boolean negative = trimmed.startsWith("-");
            long units = Quantities.toUnits(key, negative ? trimmed.substring(1) : trimmed);
            out.add(key, negative ? Math.negateExact(units) : units);
        });
        return out.build();
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
        return o instanceof Resources other && Arrays.equals(names, other.names) && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < names.length; i++) {
            h += names[i].hashCode() ^ Long.hashCode(values[i]);
        }
        return h;
    }

    @Override
    public String toString() {
        return toQuantities().toString();
    }
}
