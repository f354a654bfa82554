package io.fedstream.interpret;

import java.util.Arrays;

/**
 * Running sums of one view of a pod's containers (their requests, or their limits), combined
 * as the sidecar KEP defines a pod's footprint: regular containers plus sidecars, or the
 * largest regular init container plus the sidecars declared before it, whichever is larger.
 * Exact: an overflow throws {@link ArithmeticException} at the container that causes it.
 */
final class PodFootprint {

    // Parallel arrays over every resource name seen so far, summed in place: an immutable
    // Resources per container and step was a fifth of the bytes a FlinkDeployment allocated.
    // A name a sum has not seen counts as 0 there, as it does in Resources' plus and max.
    private String[] names = new String[4];
    private long[] app = new long[4];
    private long[] sidecars = new long[4];
    private long[] initPeak = new long[4];
    private int size;

    /**
     * Adds a regular container: each amount of {@code listed}, and each of {@code defaults}
     * that {@code listed} does not name (a container's request defaults to its limit).
     */
    void container(Resources listed, Resources defaults) {
        include(listed);
        include(defaults);
        add(app, listed, defaults);
    }

    /** Adds a sidecar (an init container that keeps running), as {@link #container} does. */
    void sidecar(Resources listed, Resources defaults) {
        include(listed);
        include(defaults);
        add(sidecars, listed, defaults);
    }

    /** Counts a regular init container, which runs next to the sidecars declared before it. */
    void init(Resources listed, Resources defaults) {
        include(listed);
        include(defaults);
        for (int i = 0; i < size; i++) {
            long running = Math.addExact(amount(names[i], listed, defaults), sidecars[i]);
            initPeak[i] = Math.max(initPeak[i], running);
        }
    }

    /** Per resource, the regular containers plus the sidecars, or the init peak when larger. */
    Resources pod() {
        String[] sortedNames = new String[size];
        long[] values = new long[size];
        for (int i = 0; i < size; i++) {
            long value = Math.max(Math.addExact(app[i], sidecars[i]), initPeak[i]);
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

    /** Adds the amounts to one sum; every name is already included. */
    private void add(long[] sum, Resources listed, Resources defaults) {
        for (int i = 0; i < listed.size(); i++) {
            int at = indexOf(listed.nameAt(i));
            sum[at] = Math.addExact(sum[at], listed.amountAt(i));
        }
        for (int i = 0; i < defaults.size(); i++) {
            String name = defaults.nameAt(i);
            if (listed.indexOf(name) < 0) {
                int at = indexOf(name);
                sum[at] = Math.addExact(sum[at], defaults.amountAt(i));
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
            int grown = size * 2;
            names = Arrays.copyOf(names, grown);
            app = Arrays.copyOf(app, grown);
            sidecars = Arrays.copyOf(sidecars, grown);
            initPeak = Arrays.copyOf(initPeak, grown);
        }
        names[size++] = name;
    }
}
