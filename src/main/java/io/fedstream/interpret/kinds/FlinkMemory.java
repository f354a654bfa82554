package io.fedstream.interpret.kinds;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fedstream.interpret.Quantities;

import java.util.Locale;
import java.util.Map;

/**
 * Flink memory strings as the Flink Kubernetes operator reads {@code resource.memory}: Flink
 * {@code MemorySize} syntax first ({@code 2048m}, {@code 2 gb}: powers of 1024, a bare number
 * is bytes), else a Kubernetes quantity after the operator's normalisation (whitespace removed,
 * upper-cased, a trailing B dropped, a trailing I made i), whose byte count must come out as a
 * plain integer for Flink to accept it.
 */
final class FlinkMemory {

    private static final long MIB = 1L << 20;
    private static final Map<String, Long> UNITS = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L), Map.entry("bytes", 1L),
            Map.entry("k", 1L << 10), Map.entry("kb", 1L << 10), Map.entry("kibibytes", 1L << 10),
            Map.entry("m", 1L << 20), Map.entry("mb", 1L << 20), Map.entry("mebibytes", 1L << 20),
            Map.entry("g", 1L << 30), Map.entry("gb", 1L << 30), Map.entry("gibibytes", 1L << 30),
            Map.entry("t", 1L << 40), Map.entry("tb", 1L << 40), Map.entry("tebibytes", 1L << 40));

    private FlinkMemory() {}

    /**
     * The process memory in bytes.
     *
     * @throws IllegalArgumentException with the reason the operator would refuse it
     */
    static long parseResourceMemory(String text) {
        Long bytes = memorySize(text);
        if (bytes != null) {
            return bytes;
        }
        String quantity = text.trim().replaceAll("\\s", "").toUpperCase(Locale.ROOT);
        if (quantity.endsWith("B")) {
            quantity = quantity.substring(0, quantity.length() - 1);
        }
        if (quantity.endsWith("I")) {
            quantity = quantity.substring(0, quantity.length() - 1) + "i";
        }
        String handedToFlink;
        try {
            Quantities.parse(quantity);
            // The operator hands Flink fabric8's numerical amount as text; Flink only accepts digits.
            handedToFlink = Quantity.parse(quantity).getNumericalAmount().toString();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("is neither Flink memory (e.g. 2048m, 2g) nor a Kubernetes quantity (e.g. 2Gi)");
        }
        if (!handedToFlink.matches("[0-9]+")) {
            throw new IllegalArgumentException("becomes '" + handedToFlink
                    + "' bytes in the Flink operator, which Flink refuses (use whole units, e.g. 1536m)");
        }
        try {
            return Long.parseLong(handedToFlink);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("does not fit a 64-bit number of bytes");
        }
    }

    /** Flink's own MemorySize syntax (for flinkConfiguration keys such as jobmanager.memory.process.size). */
    static long parseMemorySize(String text) {
        Long bytes = memorySize(text);
        if (bytes == null) {
            throw new IllegalArgumentException("is not Flink memory syntax (e.g. 1600m, 2g, 1073741824)");
        }
        return bytes;
    }

    /** The container memory Flink requests for a process size: whole MiB, rounded down. */
    static long containerBytes(long processBytes) {
        return processBytes / MIB * MIB;
    }

    /** The multiplier of the unit after the digits, or null when Flink knows no such unit. */
    private static Long unit(String text, int digitsEnd) {
        // The usual units (none, or one letter as in 4096m) are told apart without a substring and a lookup.
        if (digitsEnd == text.length()) {
            return 1L;
        }
        if (digitsEnd == text.length() - 1) {
            switch (text.charAt(digitsEnd)) {
                case 'b', 'B' -> {
                    return 1L;
                }
                case 'k', 'K' -> {
                    return 1L << 10;
                }
                case 'm', 'M' -> {
                    return 1L << 20;
                }
                case 'g', 'G' -> {
                    return 1L << 30;
                }
                case 't', 'T' -> {
                    return 1L << 40;
                }
                default -> {
                    // any other single character: the lookup below decides
                }
            }
        }
        return UNITS.get(text.substring(digitsEnd).trim().toLowerCase(Locale.US));
    }

    /** Flink MemorySize.parseBytes, or null when it would throw. */
    private static Long memorySize(String text) {
        String trimmed = text.trim();
        int pos = 0;
        while (pos < trimmed.length() && trimmed.charAt(pos) >= '0' && trimmed.charAt(pos) <= '9') {
            pos++;
        }
        if (pos == 0) {
            return null;
        }
        Long multiplier = unit(trimmed, pos);
        if (multiplier == null) {
            return null;
        }
        try {
            return Math.multiplyExact(Long.parseLong(trimmed, 0, pos, 10), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("does not fit a 64-bit number of bytes");
        }
    }
}
