package io.fedstream.decide;

import io.fedstream.admit.Placement;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.place.ScheduleResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Puts the clusters whose static assignment the admit step found full for a workload ({@code
 * admission.fullStaticAssignments}) after every other candidate: a placement there would wait in the quota queue while
 * another candidate could run the workload. One cluster's candidates keep their order in each part; a schedule over
 * several clusters gives such a cluster no share while a schedule without it holds as much (docs/placement.md).
 */
final class FullStaticAssignmentsLast {

    private FullStaticAssignmentsLast() {}

    static List<String> ranked(ResourceBinding binding, List<String> candidates) {
        List<String> full = binding.getAdmission().getFullStaticAssignments();
        if (full.isEmpty()) {
            return candidates;
        }
        List<String> ranked = new ArrayList<>(candidates.size());
        candidates.stream().filter(cluster -> !full.contains(cluster)).forEach(ranked::add);
        candidates.stream().filter(full::contains).forEach(ranked::add);
        return ranked;
    }

    /**
     * {@code schedule} applied to {@code avoid}; when that gives a full cluster a share, applied again with the full
     * clusters avoided too, whose result is taken when it schedules: Divided, any schedule (the replicas are the same,
     * on other clusters); Duplicated, one with at least as many copies (a copy is replaced, never dropped: an unbounded
     * Duplicated workload keeps its copy on the full cluster and waits in the queue, as a one-cluster placement does
     * when no other candidate is left).
     */
    static ScheduleResult scheduled(ResourceBinding binding, Set<String> avoid, Function<Set<String>, ScheduleResult> schedule) {
        ScheduleResult usual = schedule.apply(avoid);
        List<String> full = binding.getAdmission().getFullStaticAssignments();
        if (full.isEmpty() || !(usual instanceof ScheduleResult.Scheduled first) || first.clusters().stream().noneMatch(full::contains)) {
            return usual;
        }
        Set<String> avoidFull = new HashSet<>(avoid);
        avoidFull.addAll(full);
        ScheduleResult without = schedule.apply(avoidFull);
        if (without instanceof ScheduleResult.Scheduled other
                && (other.scheduling() == Placement.Scheduling.DIVIDED || other.targets().size() >= first.targets().size())) {
            return without;
        }
        return usual;
    }
}
