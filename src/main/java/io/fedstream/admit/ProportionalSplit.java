package io.fedstream.admit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Splits an integer amount over weighted parts exactly: each part gets the floor of its
 * proportional share, and the units left over go one each to the parts with the largest
 * remainders, earlier parts first on ties (largest-remainder apportionment). The parts always
 * add up to the amount, and each is within one unit of its exact share.
 */
public final class ProportionalSplit {

    private ProportionalSplit() {}

    /**
     * The weights to split a placement's amounts by: its clusters' replica counts, or 1 each when a count is left out
     * (-1) or all are 0, since charging a cluster nothing would let its static assignment be overrun.
     */
    static long[] orEven(long[] weights) {
        boolean even = weights.length > 0 && (Arrays.stream(weights).anyMatch(w -> w < 0) || Arrays.stream(weights).allMatch(w -> w == 0));
        if (!even) {
            return weights;
        }
        long[] ones = new long[weights.length];
        Arrays.fill(ones, 1);
        return ones;
    }

    /** The shares of {@code amount} (non-negative) by {@code weights} (non-negative, not all 0), in weight order. */
    public static long[] split(long amount, long[] weights) {
        BigInteger total = BigInteger.ZERO;
        for (long w : weights) {
            total = total.add(BigInteger.valueOf(w));
        }
        if (total.signum() == 0) {
            throw new IllegalArgumentException("weights must not all be 0");
        }
        long[] shares = new long[weights.length];
        BigInteger[] remainders = new BigInteger[weights.length];
        long given = 0;
        for (int i = 0; i < weights.length; i++) {
            BigInteger[] qr = BigInteger.valueOf(amount).multiply(BigInteger.valueOf(weights[i])).divideAndRemainder(total);
            shares[i] = qr[0].longValueExact();
            remainders[i] = qr[1];
            given += shares[i];
        }
        List<Integer> byRemainder = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            byRemainder.add(i);
        }
        byRemainder.sort(Comparator.<Integer, BigInteger>comparing(i -> remainders[i]).reversed().thenComparing(i -> i));
        for (int k = 0; k < amount - given; k++) {
            shares[byRemainder.get(k)]++;
        }
        return shares;
    }
}
