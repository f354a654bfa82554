package io.fedstream.interpret;

import java.util.Arrays;

/**
 * Running sums of one view of a pod's containers (their requests, or their limits), combined
 * as the sidecar KEP defines a pod's footprint: regular containers plus sidecars, or the
 * largest regular init container plus the sidecars declared before it, whichever is larger.
 * Exact: an overflow throws {@link ArithmeticException} at the container that causes it.
 */
final class PodFootprint {

    // Three sums per resource name seen so far (regular containers, sidecars, init peak), summed
    // in place: an immutable Resources per container and step was a fifth of the bytes a
    // FlinkDeployment allocated. A name a sum has not seen counts as 0 there, as it does in
    // Resources' plus and max.
    private static final int APP = 0;
    private static final int SIDECARS = 1;
    private static final int INIT_PEAK = 2;
    private static final int SUMS = 3;

    private static final String[] NO_NAMES = {};
    private static final long[] NO_SUMS = {};

    // Allocated with the first name: a pod without limits needs no arrays for them.
    private String[] names = NO_NAMES;
    private long[] sums = NO_SUMS;
    private int size;

    /**
     * Adds a regular container: each amount of {@code listed}, and each of {@code defaults}
     * that {@code listed} does not name (a container's request defaults to its limit).
     */
    void container(Resources listed, Resources defaults) {
        add(APP, listed, defaults);
    }

    /** Adds a sidecar (an init container that keeps running), as {@link #container} does. */
    void sidecar(Resources listed, Resources defaults) {
        add(SIDECARS, listed, defaults);
    }

    /** Counts a regular init container, which runs next to the sidecars declared before it. */
    void init(Resources listed, Resources defaults) {
        include(listed);
        include(defaults);
        for (int i = 0; i < size; i++) {
            long running = Math.addExact(amount(names[i], listed, defaults), sums[SUMS * i + SIDECARS]);
            sums[SUMS * i + INIT_PEAK] = Math.max(sums[SUMS * i + INIT_PEAK], running);
        }
    }

    /** Throws as {@link #pod} does when a total does not fit, without building the totals. */
    void checkPod() {
        for (int i = 0; i < size; i++) {
            Math.addExact(sums[SUMS * i + APP], sums[SUMS * i + SIDECARS]);
        }
    }

    /** Per resource, the regular containers plus the sidecars, or the init peak when larger. */
    Resources pod() {
        String[] sortedNames = new String[size];
        long[] values = new long[size];
        for (int i = 0; i < size; i++) {
            long value = Math.max(Math.addExact(sums[SUMS * i + APP], sums[SUMS * i + SIDECARS]), sums[SUMS * i + INIT_PEAK]);
            int at = i;
            while (at > 0 && sortedNames[at - 1].compareTo(names[i]) > 0) {
                sortedNames[at] = sortedNames[at - 1];
                values[at] = values[at - 1];
                at--;
            }
            sortedNames[at] = names[i];
            values[at] = value;
        }
        return Resources.ofSorted(sortedNames, values);
    }

    /** Adds the amounts to one sum. */
    private void add(int sum, Resources listed, Resources defaults) {
        for (int i = 0; i < listed.size(); i++) {
            int at = SUMS * slot(listed.nameAt(i)) + sum;
            sums[at] = Math.addExact(sums[at], listed.amountAt(i));
        }
        for (int i = 0; i < defaults.size(); i++) {
            String name = defaults.nameAt(i);
            if (listed.indexOf(name) < 0) {
                int at = SUMS * slot(name) + sum;
                sums[at] = Math.addExact(sums[at], defaults.amountAt(i));
            }
        }
    }

    private static long amount(String name, Resources listed, Resources defaults) {
        int i = listed.indexOf(name);
        if (i >= 0) {
            return listed.amountAt(i);
        }
        int j = defaults.indexOf(name);
        return j >= 0 ? defaults.amountAt(j) : 0L;
    }

    /** Adds the names not seen yet, with 0 in every sum. */
    private void include(Resources resources) {
        for (int i = 0; i < resources.size(); i++) {
            String name = resources.nameAt(i);
            if (indexOf(name) < 0) {
                append(name);
            }
        }
    }

    /** The position of a name, added (with 0 in every sum) when new. */
    private int slot(String name) {
        int at = indexOf(name);
        if (at < 0) {
            append(name);
            at = size - 1;
        }
        return at;
    }

    private int indexOf(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i] == name || names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private void append(String name) {
        if (size == names.length) {
            int grown = Math.max(4, size * 2);
            names = Arrays.copyOf(names, grown);
            sums = Arrays.copyOf(sums, SUMS * grown);
        }
        names[size++] = name;
    }
}
