package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Placement;
import io.fedstream.api.TestBindings;
import io.fedstream.avro.Admission;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The static-assignment note's rule for one cluster's candidates and for a schedule over several clusters. */
class FullStaticAssignmentsLastTest {

    private final List<Set<String>> asked = new ArrayList<>();

    private static ResourceBinding noting(String... full) {
        ResourceBinding binding = TestBindings.flink("flink.apache.org", "team-a", "orders");
        return ResourceBinding.newBuilder(binding)
                .setAdmission(Admission.newBuilder(binding.getAdmission()).setFullStaticAssignments(List.of(full)).build())
                .build();
    }

    /** A scheduler that takes every cluster of {@code clusters} not avoided, or none when fewer than {@code minimum} are left. */
    private Function<Set<String>, ScheduleResult> scheduler(Placement.Scheduling scheduling, int minimum, String... clusters) {
        return avoid -> {
            asked.add(new HashSet<>(avoid));
            List<ScheduleResult.Target> targets = List.of(clusters).stream().filter(c -> !avoid.contains(c))
                    .map(c -> new ScheduleResult.Target(c, Map.of("main", 1L))).toList();
            return targets.size() < minimum ? new ScheduleResult.Unschedulable("too few", null, List.of(), List.of())
                    : new ScheduleResult.Scheduled(targets, scheduling, 0, List.of(), List.of());
        };
    }

    private static List<String> clusters(ScheduleResult result) {
        return ((ScheduleResult.Scheduled) result).clusters();
    }

    @Test
    void oneClustersCandidatesPutTheFullOnesLastEachPartInItsOrder() {
        assertThat(FullStaticAssignmentsLast.ranked(noting("a", "c"), List.of("a", "b", "c", "d"))).containsExactly("b", "d", "a", "c");
        assertThat(FullStaticAssignmentsLast.ranked(noting(), List.of("a", "b"))).containsExactly("a", "b");
    }

    @Test
    void aDividedScheduleWithoutTheFullClusterIsTaken() {
        ScheduleResult result = FullStaticAssignmentsLast.scheduled(noting("a"), Set.of("x"), scheduler(Placement.Scheduling.DIVIDED, 1, "a", "b", "c"));

        assertThat(clusters(result)).containsExactly("b", "c");
        assertThat(asked).containsExactly(Set.of("x"), Set.of("x", "a"));
    }

    @Test
    void aDuplicatedScheduleThatWouldDropACopyKeepsTheFullCluster() {
        ScheduleResult result = FullStaticAssignmentsLast.scheduled(noting("a"), Set.of(), scheduler(Placement.Scheduling.DUPLICATED, 1, "a", "b"));

        assertThat(clusters(result)).containsExactly("a", "b");
    }

    @Test
    void whenNoScheduleWithoutTheFullClusterExistsTheUsualOneStands() {
        ScheduleResult result = FullStaticAssignmentsLast.scheduled(noting("a"), Set.of(), scheduler(Placement.Scheduling.DIVIDED, 2, "a", "b"));

        assertThat(clusters(result)).containsExactly("a", "b");
    }

    @Test
    void aScheduleThatUsesNoFullClusterIsNotMadeTwice() {
        FullStaticAssignmentsLast.scheduled(noting("z"), Set.of(), scheduler(Placement.Scheduling.DIVIDED, 1, "a", "b"));
        FullStaticAssignmentsLast.scheduled(noting(), Set.of(), scheduler(Placement.Scheduling.DIVIDED, 1, "a", "b"));

        assertThat(asked).hasSize(2);
    }
}
