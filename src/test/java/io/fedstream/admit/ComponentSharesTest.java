package io.fedstream.admit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComponentSharesTest {

    private static Map<String, Long> replicas(long master, long worker) {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("master", master);
        out.put("worker", worker);
        return out;
    }

    @Test
    void sharesThatAddUpToTheReplicasAreTheListedOnes() {
        List<Map<String, Long>> listed = List.of(Map.of("master", 1L, "worker", 1L), Map.of("worker", 1L), Map.of("worker", 1L));

        assertThat(ComponentShares.fitted(replicas(1, 3), listed)).isEqualTo(listed);
    }

    @Test
    void aScaledComponentIsSplitInProportionToItsListedSharesAndTheOthersStay() {
        List<Map<String, Long>> listed = List.of(Map.of("master", 1L, "worker", 2L), Map.of("worker", 1L));

        assertThat(ComponentShares.fitted(replicas(1, 6), listed)).as("workers 2:1 of 6")
                .containsExactly(Map.of("master", 1L, "worker", 4L), Map.of("worker", 2L));
        assertThat(ComponentShares.fitted(replicas(1, 1), listed)).as("one worker left: it goes where the most ran")
                .containsExactly(Map.of("master", 1L, "worker", 1L), Map.of());
    }

    @Test
    void aComponentNoClusterListsIsSplitByTheClustersListedPods() {
        Map<String, Long> replicas = replicas(1, 3);
        replicas.put("evaluator", 4L);
        List<Map<String, Long>> listed = List.of(Map.of("master", 1L, "worker", 2L), Map.of("worker", 1L));

        assertThat(ComponentShares.fitted(replicas, listed)).as("evaluators 3:1, as the clusters' 3 and 1 listed pods")
                .containsExactly(Map.of("master", 1L, "worker", 2L, "evaluator", 3L), Map.of("worker", 1L, "evaluator", 1L));
    }

    @Test
    void nothingListedAnywhereSplitsEvenly() {
        assertThat(ComponentShares.fitted(replicas(0, 4), List.of(Map.of(), Map.of())))
                .containsExactly(Map.of("worker", 2L), Map.of("worker", 2L));
    }

    @Test
    void aNegativeListedCountIsRefused() {
        assertThatThrownBy(() -> ComponentShares.fitted(replicas(1, 1), List.of(Map.of("worker", -1L))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    }
}
