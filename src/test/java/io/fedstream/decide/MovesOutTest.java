package io.fedstream.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MovesOutTest {

    private static final String WEB = "apps/Deployment/team-a/web";

    private final MovesOut moves = new MovesOut();

    @Test
    void aMoveNotDueYetIsPassedByUntilItIsDueAndSaysWhen() {
        moves.dueAt(WEB, "incident-1", 5_000);

        assertTrue(moves.passes(WEB, "incident-1", 4_999));
        assertEquals(5_000, moves.dueLater(WEB));
        assertFalse(moves.passes(WEB, "incident-1", 5_000), "due: its check reads the workload again");
        assertFalse(moves.passes(WEB, "incident-2", 1_000), "another incident's check reads it");
    }

    @Test
    void aRecordOfTheWorkloadOrAClusterOrPolicyChangeEndsTheWait() {
        moves.dueAt(WEB, "incident-1", 5_000);
        moves.changed(WEB);
        assertFalse(moves.passes(WEB, "incident-1", 1_000));
        assertEquals(Long.MAX_VALUE, moves.dueLater(WEB));

        moves.dueAt(WEB, "incident-1", 5_000);
        moves.changedAll();
        assertFalse(moves.passes(WEB, "incident-1", 1_000));
    }

    @Test
    void aMoveOutIsNotWaitingToBeDue() {
        moves.settled(WEB, "incident-1");

        assertTrue(moves.passes(WEB, "incident-1", Long.MAX_VALUE - 1));
        assertEquals(Long.MAX_VALUE, moves.dueLater(WEB));
    }

    @Test
    void anIncidentsNewStateEndsTheWaitToBeDueButNotTheMovesOut() {
        moves.dueAt(WEB, "incident-1", 5_000);
        moves.settled("apps/Deployment/team-a/api", "incident-1");

        moves.dueTimesChanged();

        assertFalse(moves.passes(WEB, "incident-1", 1_000));
        assertTrue(moves.passes("apps/Deployment/team-a/api", "incident-1", 1_000));
    }
}
