package io.fedstream.interpret.lua;

import io.fedstream.interpret.Quantities;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A Kubernetes quantity as the {@code kube} library handles it (apimachinery's {@code resource.Quantity}): its exact
 * value and the format it was written in, which decides how a sum is printed ({@code Quantity.String()}, i.e.
 * {@code CanonicalizeBytes}: binary suffixes for BinarySI values of at least 1024 that divide evenly, else decimal
 * suffixes with an exponent that is a multiple of 3; {@code e<n>} for DecimalExponent).
 */
record KubeQuantity(BigDecimal value, Format format) {

    /** How a quantity was written; a sum keeps the format of its first non-zero term. */
    enum Format { DECIMAL_SI, BINARY_SI, DECIMAL_EXPONENT }

    static final KubeQuantity ZERO = new KubeQuantity(BigDecimal.ZERO, Format.DECIMAL_SI);

    private static final String[] DECIMAL_SUFFIXES = {"n", "u", "m", "", "k", "M", "G", "T", "P", "E"};
    private static final String[] BINARY_SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final BigInteger THOUSAND = BigInteger.valueOf(1000);
    private static final BigInteger KIBI = BigInteger.valueOf(1024);

    /**
     * Parses Kubernetes quantity syntax; the value is rounded up to nano units, as Kubernetes keeps it.
     *
     * @throws IllegalArgumentException with the reason when it is not a quantity
     */
    static KubeQuantity parse(String text) {
        BigDecimal value = Quantities.parse(text).setScale(9, RoundingMode.CEILING).stripTrailingZeros();
        Format format = Format.DECIMAL_SI;
        if (text.endsWith("i")) {
            format = Format.BINARY_SI;
        } else if (text.matches(".*[0-9][eE][+-]?[0-9]+")) {
            format = Format.DECIMAL_EXPONENT;
        }
        return new KubeQuantity(value, format);
    }

    /** This plus the other; the format of the first non-zero term wins, as {@code Quantity.Add} keeps it. */
    KubeQuantity plus(KubeQuantity other) {
        Format sumFormat = value.signum() == 0 ? other.format : format;
        return new KubeQuantity(value.add(other.value), sumFormat);
    }

    /** {@code Quantity.String()}. */
    @Override
    public String toString() {
        if (value.signum() == 0) {
            return "0";
        }
        String sign = value.signum() < 0 ? "-" : "";
        BigDecimal magnitude = value.abs();
        if (format == Format.BINARY_SI && magnitude.compareTo(BigDecimal.valueOf(1024)) >= 0 && isInteger(magnitude)) {
            return sign + binary(magnitude.toBigIntegerExact());
        }
        return sign + decimal(magnitude, format == Format.DECIMAL_EXPONENT);
    }

    private static String binary(BigInteger amount) {
        int exponent = 0;
        while (exponent < BINARY_SUFFIXES.length - 1 && amount.mod(KIBI).signum() == 0) {
            amount = amount.divide(KIBI);
            exponent++;
        }
        return amount + BINARY_SUFFIXES[exponent];
    }

    private static String decimal(BigDecimal magnitude, boolean exponentForm) {
        BigDecimal stripped = magnitude.stripTrailingZeros();
        BigInteger mantissa = stripped.unscaledValue();
        int exponent = -stripped.scale();
        // Lower the exponent to a multiple of 3 (the mantissa gains zeros), then raise it while whole thousands remain.
        int down = Math.floorMod(exponent, 3);
        mantissa = mantissa.multiply(BigInteger.TEN.pow(down));
        exponent -= down;
        while (exponent < 18 && mantissa.mod(THOUSAND).signum() == 0 && mantissa.signum() != 0) {
            mantissa = mantissa.divide(THOUSAND);
            exponent += 3;
        }
        if (exponent > 18) {
            mantissa = mantissa.multiply(BigInteger.TEN.pow(exponent - 18));
            exponent = 18;
        }
        if (exponentForm) {
            return exponent == 0 ? mantissa.toString() : mantissa + "e" + exponent;
        }
        return mantissa + DECIMAL_SUFFIXES[exponent / 3 + 3];
    }

    private static boolean isInteger(BigDecimal value) {
        return value.signum() == 0 || value.scale() <= 0 || value.stripTrailingZeros().scale() <= 0;
    }
}
