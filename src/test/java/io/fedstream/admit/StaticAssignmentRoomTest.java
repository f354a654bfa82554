package io.fedstream.admit;

import static io.fedstream.admit.Demands.duplicated;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Which static assignments cannot hold one more copy of a workload, through the ledger as the admit stage asks it. */
class StaticAssignmentRoomTest {

    private static final String NS = "team-a";

    private final Ledger ledger = new Ledger(new InMemoryLedgerState());

    private static Resources cpu(String amount) {
        return Resources.fromQuantities(new TreeMap<>(Map.of("cpu", amount)));
    }

    /** A copy of {@code amount} cpu charged on the cluster alone. */
    private static Charge copy(String cluster, String amount) {
        return Charge.of(new Demand(cpu(amount), Resources.NONE, 0, duplicated(cluster)));
    }

    private static FederatedResourceQuota quota(String name, Map<String, String> assignments) {
        return new FederatedResourceQuota(NS, name, cpu("100"), assignments.entrySet().stream()
                .map(a -> new FederatedResourceQuota.StaticAssignment(a.getKey(), cpu(a.getValue()))).toList());
    }

    @Test
    void aClusterIsFullWhenWhatRunsThereAndTheCopyExceedItsAssignment() {
        ledger.upsertQuota(quota("q", Map.of("dc-1", "4", "dc-2", "4", "dc-3", "1")));
        ledger.admit(NS, "apps/Deployment/team-a/running", 1, copy("dc-1", "3"), 0);

        assertThat(ledger.fullStaticAssignments(NS, cluster -> copy(cluster, "2")))
                .as("dc-1 holds 1 more, dc-2 4, dc-3 1").containsExactly("dc-1", "dc-3");
        assertThat(ledger.fullStaticAssignments(NS, cluster -> copy(cluster, "1"))).isEmpty();
    }

    @Test
    void theTightestQuotaDecidesAndOverallLimitsDoNot() {
        ledger.upsertQuota(new FederatedResourceQuota(NS, "small", cpu("1"), List.of()));
        ledger.upsertQuota(quota("wide", Map.of("dc-1", "8")));
        ledger.upsertQuota(quota("tight", Map.of("dc-1", "2")));

        assertThat(ledger.fullStaticAssignments(NS, cluster -> copy(cluster, "3")))
                .as("overall 1 is exceeded wherever the copy runs: not a reason to try dc-1 last").containsExactly("dc-1");
    }

    @Test
    void withoutStaticAssignmentsNoClusterIsFull() {
        ledger.upsertQuota(new FederatedResourceQuota(NS, "q", cpu("1"), List.of()));

        assertThat(ledger.fullStaticAssignments(NS, cluster -> copy(cluster, "3"))).isEmpty();
    }
}
