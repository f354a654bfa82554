package io.fedstream.admit;

import static io.fedstream.admit.Demands.duplicated;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A completed migration of a workload whose newer version waits in the queue: both versions move (Ledger.moveBehind). */
class LedgerMoveBehindTest {

    private static final String NS = "team-a";
    private static final String WEB = "apps/Deployment/team-a/web";

    private final InMemoryLedgerState state = new InMemoryLedgerState();
    private final Ledger ledger = new Ledger(state);

    private static Resources cpu(String amount) {
        return Resources.fromQuantities(new TreeMap<>(Map.of("cpu", amount)));
    }

    private static Charge on(String cluster, String amount) {
        return Charge.of(new Demand(cpu(amount), Resources.NONE, 0, duplicated(cluster)));
    }

    @Test
    void theChargedVersionMovesAndTheQueuedOneKeepsItsPlaceAskingForTheTarget() {
        ledger.upsertQuota(new FederatedResourceQuota(NS, "q", cpu("4"),
                List.of(new FederatedResourceQuota.StaticAssignment("dc-2", cpu("3")))));
        ledger.admit(NS, WEB, 1, on("dc-1", "2"), 0);
        ledger.admit(NS, WEB, 2, on("dc-1", "6"), 0);
        long sequence = state.pending(WEB).orElseThrow().sequence();

        List<Decision> decisions = ledger.moveBehind(NS, WEB, on("dc-2", "2"), on("dc-2", "6"));

        assertThat(ledger.admitted(WEB).orElseThrow().charge()).isEqualTo(on("dc-2", "2"));
        assertThat(ledger.admitted(WEB).orElseThrow().generation()).isEqualTo(1);
        assertThat(state.usage(NS).clusters()).containsOnlyKeys("dc-2");
        PendingWorkload queued = state.pending(WEB).orElseThrow();
        assertThat(queued.charge()).isEqualTo(on("dc-2", "6"));
        assertThat(queued.sequence()).as("its place in the queue").isEqualTo(sequence);
        assertThat(decisions).singleElement().isInstanceOfSatisfying(Decision.Rejected.class, rejected -> {
            assertThat(rejected.generation()).isEqualTo(2);
            assertThat(rejected.violations()).extracting(Violation::cluster).as("dc-2's assignment counts now").contains("dc-2");
        });
    }

    @Test
    void theQueueAdmitsTheNewerVersionWhereItRunsWhenTheMoveMakesRoom() {
        ledger.upsertQuota(new FederatedResourceQuota(NS, "q", cpu("10"),
                List.of(new FederatedResourceQuota.StaticAssignment("dc-1", cpu("3")))));
        ledger.admit(NS, WEB, 1, on("dc-1", "2"), 0);
        ledger.admit(NS, WEB, 2, on("dc-1", "4"), 0);

        List<Decision> decisions = ledger.moveBehind(NS, WEB, on("dc-2", "2"), on("dc-2", "4"));

        assertThat(decisions).singleElement().isEqualTo(new Decision.Admitted(WEB, 2, on("dc-2", "4")));
        assertThat(state.pending(WEB)).isEmpty();
        assertThat(state.usage(NS).clusters()).containsOnlyKeys("dc-2");
        assertThat(state.usage(NS).overall()).isEqualTo(cpu("4"));
    }
}
