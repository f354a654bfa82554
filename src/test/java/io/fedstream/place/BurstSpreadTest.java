package io.fedstream.place;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A failover burst follows the survivors' free room, counting what it promised; a lone move keeps the placer's choice. */
class BurstSpreadTest {

    private static final List<ComponentDemand> ONE_CPU = List.of(new ComponentDemand("app", 1, Resources.of(Map.of("cpu", 1_000L))));

    @Test
    void aBurstFillsTheSurvivorsInProportionToTheirFreeRoom() {
        List<ClusterCapacity> view = List.of(cluster("dc-2", 530), cluster("dc-3", 470));
        Map<String, Integer> moves = burst(new BurstSpread(), view, 400);

        assertThat(moves.get("dc-2")).as("53% of the free room, 53% of the moves").isBetween(210, 214);
        assertThat(moves.get("dc-3")).isBetween(186, 190);
    }

    @Test
    void aSmallBurstIsSpreadTooNotSentWhollyToTheRoomiest() {
        Map<String, Integer> moves = burst(new BurstSpread(), List.of(cluster("dc-2", 600), cluster("dc-3", 400)), 10);

        assertThat(moves).containsEntry("dc-2", 6).containsEntry("dc-3", 4);
    }

    @Test
    void theFirstMoveKeepsThePlacersOrder() {
        BurstSpread spread = new BurstSpread();
        List<ScheduleResult.Candidate> ranked = List.of(candidate("dc-3"), candidate("dc-2"));

        assertThat(spread.order(ranked, List.of(cluster("dc-2", 900), cluster("dc-3", 100)), ONE_CPU)).isEqualTo(ranked);
    }

    @Test
    void aDispreferredCandidateStaysBehindTheOthers() {
        BurstSpread spread = new BurstSpread();
        List<ClusterCapacity> view = List.of(cluster("dc-2", 100), cluster("dc-3", 100), cluster("dc-4", 10_000));
        ScheduleResult.Candidate tainted = new ScheduleResult.Candidate("dc-4",
                List.of(new ClusterTaint("maintenance", null, ClusterTaint.Effect.PreferNoSchedule)));
        List<ScheduleResult.Candidate> ranked = List.of(candidate("dc-2"), candidate("dc-3"), tainted);
        spread.order(ranked, view, ONE_CPU);
        spread.promise("dc-2", ONE_CPU);

        assertThat(spread.order(ranked, view, ONE_CPU)).extracting(ScheduleResult.Candidate::cluster).containsExactly("dc-3", "dc-2", "dc-4");
    }

    private static Map<String, Integer> burst(BurstSpread spread, List<ClusterCapacity> view, int workloads) {
        Map<String, Integer> moves = new HashMap<>();
        List<ScheduleResult.Candidate> ranked = view.stream().map(c -> candidate(c.name())).toList();
        for (int i = 0; i < workloads; i++) {
            String target = spread.order(ranked, view, ONE_CPU).get(0).cluster();
            spread.promise(target, ONE_CPU);
            moves.merge(target, 1, Integer::sum);
        }
        return moves;
    }

    private static ClusterCapacity cluster(String name, long freeCpus) {
        return new ClusterCapacity(name, Map.of(), List.of(), Resources.of(Map.of("cpu", freeCpus * 1_000)), Resources.NONE, Resources.NONE, true, null);
    }

    private static ScheduleResult.Candidate candidate(String name) {
        return new ScheduleResult.Candidate(name, List.of());
    }
}
