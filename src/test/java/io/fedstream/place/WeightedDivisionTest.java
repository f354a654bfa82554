package io.fedstream.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Karmada's weighted division: the static weight cases of {@code core/assignment_test.go}
 * ({@code Test_assignByStaticWeightStrategy}) and the dynamic ones of {@code core/division_algorithm_test.go}
 * ({@code Test_dynamicDivideReplicas}), as data.
 */
class WeightedDivisionTest {

    private static WeightedDivision.Weight w(String cluster, long weight) {
        return new WeightedDivision.Weight(cluster, weight);
    }

    static Stream<Arguments> karmadaCases() {
        return Stream.of(
                Arguments.of("replica 12, weight 3:2:1", 12, List.of(w("m1", 3), w("m2", 2), w("m3", 1)), Map.of("m1", 6L, "m2", 4L, "m3", 2L)),
                Arguments.of("replica 12, default weight", 12, List.of(w("m1", 1), w("m2", 1), w("m3", 1)), Map.of("m1", 4L, "m2", 4L, "m3", 4L)),
                Arguments.of("replica 14, weight 3:2:1", 14, List.of(w("m1", 3), w("m2", 2), w("m3", 1)), Map.of("m1", 8L, "m2", 4L, "m3", 2L)),
                Arguments.of("insufficient replica assignment gets 0", 0, List.of(w("m1", 1), w("m2", 1)), Map.of("m1", 0L, "m2", 0L)),
                Arguments.of("replica 3, multiple weights: the largest counts", 3, List.of(w("m1", 2), w("m2", 1)), Map.of("m1", 2L, "m2", 1L)),
                Arguments.of("replica 12, dynamic weight 18:12:6", 12, List.of(w("m1", 18), w("m2", 12), w("m3", 6)),
                        Map.of("m1", 6L, "m2", 4L, "m3", 2L)),
                Arguments.of("replica 12, dynamic weight 20:12:6", 12, List.of(w("m1", 20), w("m2", 12), w("m3", 6)),
                        Map.of("m1", 7L, "m2", 4L, "m3", 1L)),
                Arguments.of("replica 12, dynamic weight 6:12:6", 12, List.of(w("m1", 6), w("m2", 12), w("m3", 6)),
                        Map.of("m1", 3L, "m2", 6L, "m3", 3L)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("karmadaCases")
    void dividesAsKarmadaDoes(String name, long replicas, List<WeightedDivision.Weight> weights, Map<String, Long> expected) {
        assertThat(WeightedDivision.divide(replicas, weights)).isEqualTo(expected);
    }

    @Test
    void theRemainderGoesToTheHeaviestFirstAndTiesKeepTheGivenOrder() {
        assertThat(WeightedDivision.divide(5, List.of(w("b", 1), w("a", 1), w("c", 2))))
                .containsExactly(Map.entry("c", 3L), Map.entry("b", 1L), Map.entry("a", 1L));
        assertThat(WeightedDivision.divide(4, List.of(w("x", 0), w("y", 0)))).isEmpty();
    }

    @Test
    void hugeWeightsDoNotOverflow() {
        assertThat(WeightedDivision.divide(Long.MAX_VALUE / 2, List.of(w("a", Long.MAX_VALUE / 2), w("b", Long.MAX_VALUE / 2))))
                .containsExactly(Map.entry("a", Long.MAX_VALUE / 4 + 1), Map.entry("b", Long.MAX_VALUE / 4));
    }
}
