package io.fedstream.interpret;

import io.fabric8.kubernetes.api.model.Quantity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses Kubernetes quantity strings strictly and converts them to exact integer units. */
public final class Quantities {

    /**
     * Kubernetes' quantity grammar (k8s.io/apimachinery resource.Quantity): a signed decimal
     * number followed by a binary-SI suffix, a decimal-SI suffix or a decimal exponent. No
     * whitespace anywhere. fabric8 rejects most garbage too, but not with this exactness (it
     * accepts e.g. exponents on top of suffixes), so the syntax is checked here first.
     */
    private static final Pattern SYNTAX = Pattern.compile(
            "([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E|[eE]([+-]?[0-9]+))?");

    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("Ki", BigDecimal.valueOf(1L << 10)), Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
            Map.entry("Gi", BigDecimal.valueOf(1L << 30)), Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
            Map.entry("Pi", BigDecimal.valueOf(1L << 50)), Map.entry("Ei", BigDecimal.valueOf(1L << 60)),
            Map.entry("m", new BigDecimal("0.001")), Map.entry("k", BigDecimal.TEN.pow(3)),
            Map.entry("M", BigDecimal.TEN.pow(6)), Map.entry("G", BigDecimal.TEN.pow(9)),
            Map.entry("T", BigDecimal.TEN.pow(12)), Map.entry("P", BigDecimal.TEN.pow(15)),
            Map.entry("E", BigDecimal.TEN.pow(18)));

    /** Longer strings are refused: no real quantity needs them, and they cost BigDecimal time. */
    static final int MAX_LENGTH = 64;

    /** Exponents beyond this cannot yield a value that fits a long, or are below any unit. */
    private static final int MAX_EXPONENT = 40;

    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    /** The factor {@link #suffixFactor} gives the suffix m, which divides rather than multiplies. */
    private static final long MILLI = 0;

    private Quantities() {}

    /**
     * The exact decimal value of a Kubernetes quantity string.
     *
     * @throws IllegalArgumentException with a short reason when the text is not a quantity
     */
    public static BigDecimal parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("is not a quantity (empty)");
        }
        if (text.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("is not a quantity (longer than " + MAX_LENGTH + " characters)");
        }
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "is not a Kubernetes quantity (expected e.g. 500m, 2, 1.5Gi, 128974848, 129e6; no spaces)");
        }
        String exponent = m.group(3);
        if (exponent != null && (exponent.length() > 4 || Math.abs(Integer.parseInt(exponent)) > MAX_EXPONENT)) {
            throw new IllegalArgumentException("is not a quantity (exponent out of range)");
        }
        try {
            Quantity.parse(text); // fabric8 must accept it too
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("is not a Kubernetes quantity (" + e.getMessage() + ")");
        }
        // The value is computed here, exactly: fabric8 8.0.0's getNumericalAmount() is not exact
        // for Pi and Ei (1Ei comes out as 1152921504606847000, not 2^60).
        BigDecimal number = new BigDecimal(m.group(1));
        String suffix = m.group(2);
        if (suffix == null) {
            return number;
        }
        if (exponent != null) {
            return number.scaleByPowerOfTen(Integer.parseInt(exponent));
        }
        return number.multiply(SUFFIXES.get(suffix));
    }

    /**
     * The quantity in integer units for the named resource, rounded up as Kubernetes'
     * {@code Value()}/{@code MilliValue()} do: bytes for byte resources, milli-units otherwise.
     *
     * @throws IllegalArgumentException when the text is not a quantity or is negative
     * @throws ArithmeticException when the value does not fit a 64-bit integer
     */
    public static long toUnits(String resourceName, String text) {
        long units = commonUnits(resourceName, text);
        if (units >= 0) {
            return units;
        }
        return exactUnits(resourceName, text);
    }

    /** {@link #toUnits(String, String)} through BigDecimal, for every quantity the fast path leaves alone. */
    static long exactUnits(String resourceName, String text) {
        BigDecimal value = parse(text);
        if (value.signum() < 0) {
            throw new IllegalArgumentException("must not be negative");
        }
        return toUnits(resourceName, value);
    }

    /**
     * The units of the quantities that nearly every manifest uses: up to 18 digits, then no
     * suffix or one of m, k, M, G, T, Ki, Mi, Gi, Ti. Exact long arithmetic, with the same
     * result as the BigDecimal path (rounding up as it does); -1 for anything else, or on
     * overflow, which the BigDecimal path then parses or refuses with its usual reason.
     * Parsing through a regex, fabric8 and BigDecimal was a fifth of a FlinkDeployment's time.
     */
    static long commonUnits(String resourceName, String text) {
        if (text == null) {
            return -1;
        }
        int length = text.length();
        int digits = 0;
        long n = 0;
        while (digits < length && digits <= 18) {
            char c = text.charAt(digits);
            if (c < '0' || c > '9') {
                break;
            }
            n = n * 10 + (c - '0');
            digits++;
        }
        if (digits == 0 || digits > 18) {
            return -1;
        }
        long factor = suffixFactor(text, digits);
        if (factor == MILLI) {
            return Resources.isByteResource(resourceName) ? (n + 999) / 1000 : n;
        }
        if (factor < 0) {
            return -1;
        }
        try {
            long value = Math.multiplyExact(n, factor);
            return Resources.isByteResource(resourceName) ? value : Math.multiplyExact(value, 1000L);
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** The factor of the common suffix from {@code start} to the end, {@link #MILLI} for m, -1 for any other. */
    private static long suffixFactor(String text, int start) {
        // Told apart by length and characters: a switch over the suffix string would cut and hash it.
        int length = text.length() - start;
        if (length == 0) {
            return 1;
        }
        char unit = text.charAt(start);
        if (length == 1) {
            return switch (unit) {
                case 'm' -> MILLI;
                case 'k' -> 1_000L;
                case 'M' -> 1_000_000L;
                case 'G' -> 1_000_000_000L;
                case 'T' -> 1_000_000_000_000L;
                default -> -1;
            };
        }
        if (length == 2 && text.charAt(start + 1) == 'i') {
            return switch (unit) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                case 'G' -> 1L << 30;
                case 'T' -> 1L << 40;
                default -> -1;
            };
        }
        return -1;
    }

    /** An exact non-negative decimal amount in integer units of the named resource, rounded up. */
    public static long toUnits(String resourceName, BigDecimal value) {
        BigDecimal scaled = Resources.isByteResource(resourceName) ? value : value.multiply(THOUSAND);
        if (scaled.precision() - scaled.scale() > 20) {
            throw new ArithmeticException("quantity " + value.toPlainString() + " does not fit a 64-bit integer");
        }
        try {
            return scaled.setScale(0, RoundingMode.CEILING).longValueExact();
        } catch (ArithmeticException e) {
            throw new ArithmeticException("quantity " + value.toPlainString() + " does not fit a 64-bit integer");
        }
    }
}
