package io.fedstream.place;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Karmada's dynamicScaleDown: what each cluster runs is the weight of the smaller division. */
class ProportionalScaleDownTest {

    private static List<ComponentDemand> main(long replicas) {
        return List.of(new ComponentDemand("main", replicas, Resources.NONE));
    }

    private static Map<String, Map<String, Long>> running(Object... clusterAndPods) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (int i = 0; i < clusterAndPods.length; i += 2) {
            out.put((String) clusterAndPods[i], Map.of("main", ((Number) clusterAndPods[i + 1]).longValue()));
        }
        return out;
    }

    @Test
    void halvingKeepsTheProportionsExactly() {
        assertThat(ProportionalScaleDown.of(main(6), running("a", 6, "b", 4, "c", 2), false))
                .containsExactly(Map.entry("a", Map.of("main", 3L)), Map.entry("b", Map.of("main", 2L)), Map.entry("c", Map.of("main", 1L)));
    }

    @Test
    void theRemainderGoesToTheClustersThatRanMostEvenWhenListedLast() {
        // 10 ran (a=1, b=3, c=6), 9 asked: 0.9, 2.7 and 5.4 floored to 0/2/5; the 2 left go to c, then b; a runs nothing.
        assertThat(ProportionalScaleDown.of(main(9), running("a", 1, "b", 3, "c", 6), false))
                .containsOnly(Map.entry("c", Map.of("main", 6L)), Map.entry("b", Map.of("main", 3L)));
    }

    @Test
    void aComponentThatRunsNoMoreThanAskedKeepsItsShares() {
        assertThat(ProportionalScaleDown.of(main(7), running("a", 4, "b", 2), true))
                .containsExactly(Map.entry("a", Map.of("main", 4L)), Map.entry("b", Map.of("main", 2L)));
    }

    @Test
    void aggregatedCutsTheClustersByWhatTheyRanAtTheReplicasAsked() {
        assertThat(ProportionalScaleDown.of(main(4), running("a", 1, "b", 3, "c", 6), true)).containsOnly(Map.entry("c", Map.of("main", 4L)));
        assertThat(ProportionalScaleDown.of(main(7), running("a", 1, "b", 3, "c", 6), true))
                .containsOnly(Map.entry("c", Map.of("main", 5L)), Map.entry("b", Map.of("main", 2L)));
    }
}
