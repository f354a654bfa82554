package io.fedstream.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The cases of Karmada v1.15's {@code spreadconstraint/select_groups_test.go} ({@code Test_selectGroups}), as data. */
class SpreadGroupsTest {

    private static SpreadGroups.Group g(String name, int clusters, long weight) {
        return new SpreadGroups.Group(name, clusters, weight);
    }

    static Stream<Arguments> karmadaCases() {
        return Stream.of(
                Arguments.of("empty groups", List.of(), 2, 3, 1, List.of()),
                Arguments.of("no enough groups", List.of(g("R1", 1, 80)), 2, 3, 1, List.of()),
                Arguments.of("no enough value", List.of(g("R1", 1, 80), g("R2", 2, 30)), 2, 3, 4, List.of()),
                Arguments.of("select one group", List.of(g("R1", 1, 80)), 1, 3, 1, List.of("R1")),
                Arguments.of("prioritize one path", List.of(g("R1", 1, 80), g("R3", 1, 80), g("R2", 1, 60), g("R5", 2, 60),
                        g("R4", 5, 50), g("R6", 3, 50)), 1, 3, 10, List.of("R5", "R4", "R6")),
                Arguments.of("select groups with less total number", List.of(g("R1", 1, 80), g("R2", 4, 40), g("R3", 1, 30),
                        g("R4", 3, 30), g("R5", 3, 20), g("R6", 5, 10)), 2, 6, 5, List.of("R1", "R2")),
                Arguments.of("select groups with the highest score", List.of(g("R1", 1, 60), g("R2", 1, 50), g("R3", 1, 40),
                        g("R4", 3, 30), g("R5", 3, 20), g("R6", 3, 10)), 1, 3, 6, List.of("R1", "R4", "R5")),
                Arguments.of("select groups that are chosen earlier", List.of(g("R1", 1, 60), g("R2", 2, 50), g("R3", 3, 40),
                        g("R4", 4, 30)), 1, 2, 5, List.of("R1", "R4")),
                Arguments.of("select groups with greater value", List.of(g("R4", 1, 60), g("R3", 3, 50), g("R1", 3, 40),
                        g("R2", 4, 30)), 1, 2, 5, List.of("R3", "R1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("karmadaCases")
    void choosesTheGroupsKarmadaChooses(String name, List<SpreadGroups.Group> groups, int min, int max, int target, List<String> expected) {
        assertThat(SpreadGroups.select(groups, min, max, target)).extracting(SpreadGroups.Group::name).containsExactlyElementsOf(expected);
    }
}
