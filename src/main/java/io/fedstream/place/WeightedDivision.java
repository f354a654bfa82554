package io.fedstream.place;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Divides a number of replicas over clusters by weight, with Karmada's rule ({@code pkg/util/helper/binding.go}
 * {@code Dispenser.TakeByWeight}): the clusters are ordered by weight, heaviest first; each gets
 * {@code floor(weight x replicas / sum of weights)}; the replicas left over go one each to the clusters in that order.
 * Karmada breaks a tie in weight by the previous schedule's replicas and then at random; fedstream keeps the order the
 * clusters are given in (the candidates' preference order), so the same input always gives the same division.
 */
public final class WeightedDivision {

    /** One cluster and its weight (0 gets nothing). */
    public record Weight(String cluster, long weight) {

        public Weight {
            if (weight < 0) {
                throw new IllegalArgumentException("weight of cluster " + cluster + " must not be negative: " + weight);
            }
        }
    }

    private WeightedDivision() {}

    /** Replicas per cluster, in the order the clusters took them (heaviest first); empty when every weight is 0. */
    public static Map<String, Long> divide(long replicas, List<Weight> weights) {
        List<Weight> ordered = new ArrayList<>(weights);
        ordered.sort(Comparator.comparingLong(Weight::weight).reversed());
        BigInteger sum = BigInteger.ZERO;
        for (Weight weight : ordered) {
            sum = sum.add(BigInteger.valueOf(weight.weight()));
        }
        Map<String, Long> out = new LinkedHashMap<>();
        if (sum.signum() == 0) {
            return out;
        }
        long left = replicas;
        for (Weight weight : ordered) {
            long share = BigInteger.valueOf(weight.weight()).multiply(BigInteger.valueOf(replicas)).divide(sum).longValueExact();
            out.merge(weight.cluster(), share, Long::sum);
            left -= share;
        }
        for (Weight weight : ordered) {
            if (left == 0) {
                break;
            }
            out.merge(weight.cluster(), 1L, Long::sum);
            left--;
        }
        return out;
    }
}
