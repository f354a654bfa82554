package io.fedstream.interpret.kinds;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spark's JVM byte strings ({@code spark.driver.memory}, {@code memoryOverhead}, ...) as Spark's
 * {@code JavaUtils.byteStringAs} reads them: digits and an optional suffix (b, k/kb, m/mb, g/gb,
 * t/tb, p/pb, case-insensitive, powers of 1024); a bare number is in the option's own unit (MiB
 * for memory options); fractions and spaces are refused; a smaller unit is rounded down.
 */
final class SparkMemory {

    static final long MIB = 1L << 20;
    private static final Pattern WHOLE = Pattern.compile("([0-9]+)([a-z]+)?");
    private static final Pattern FRACTION = Pattern.compile("([0-9]+\\.[0-9]+)([a-z]+)?");
    private static final Map<String, Long> SUFFIXES = Map.ofEntries(
            Map.entry("b", 1L), Map.entry("k", 1L << 10), Map.entry("kb", 1L << 10),
            Map.entry("m", 1L << 20), Map.entry("mb", 1L << 20), Map.entry("g", 1L << 30), Map.entry("gb", 1L << 30),
            Map.entry("t", 1L << 40), Map.entry("tb", 1L << 40), Map.entry("p", 1L << 50), Map.entry("pb", 1L << 50));

    private SparkMemory() {}

    /**
     * The size in whole units of {@code unitBytes} (1 for bytes, {@link #MIB} for MiB).
     *
     * @throws IllegalArgumentException with the reason Spark would refuse it
     */
    static long parse(String text, long unitBytes) {
        String lower = text.toLowerCase(Locale.ROOT).trim();
        Matcher whole = WHOLE.matcher(lower);
        if (!whole.matches()) {
            throw new IllegalArgumentException(FRACTION.matcher(lower).matches()
                    ? "is not Spark memory syntax: fractional values are not supported (use e.g. 1536m, not 1.5g)"
                    : "is not Spark memory syntax (e.g. 512m, 2g, 4096; a bare number is MiB; no spaces)");
        }
        Long suffix = whole.group(2) == null ? Long.valueOf(unitBytes) : SUFFIXES.get(whole.group(2));
        if (suffix == null) {
            throw new IllegalArgumentException("is not Spark memory syntax: unknown suffix '" + whole.group(2)
                    + "' (b, k, m, g, t, p, optionally followed by b)");
        }
        try {
            long value = Long.parseLong(whole.group(1));
            return suffix >= unitBytes ? Math.multiplyExact(value, suffix / unitBytes) : value / (unitBytes / suffix);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("does not fit a 64-bit number");
        }
    }
}
