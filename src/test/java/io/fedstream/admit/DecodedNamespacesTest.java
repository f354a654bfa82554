package io.fedstream.admit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a namespace's usage reaches the state below, and what a dropped processing takes back. */
class DecodedNamespacesTest {

    private final LedgerState below = SortedMapByteTable.ledgerState();
    private final DecodedNamespaces namespaces = new DecodedNamespaces(below);

    @Test
    void usageReachesTheStateBelowOnlyWhenWrittenHoweverManyProcessingsEndedBefore() {
        namespaces.putUsage(admitted("team-a", 1));
        namespaces.endProcessing();
        namespaces.putUsage(admitted("team-a", 2));
        namespaces.endProcessing();

        assertThat(below.usage("team-a")).isEqualTo(NamespaceUsage.empty("team-a"));
        assertThat(namespaces.usage("team-a")).isEqualTo(admitted("team-a", 2));

        namespaces.writeUsage();
        assertThat(below.usage("team-a")).isEqualTo(admitted("team-a", 2));
    }

    @Test
    void aDroppedProcessingTakesBackItsOwnUsageNotThatOfTheProcessingsThatEndedBefore() {
        namespaces.putUsage(admitted("team-a", 1));
        namespaces.endProcessing();
        namespaces.putUsage(admitted("team-a", 2));
        namespaces.putUsage(admitted("team-b", 5));

        namespaces.discard();

        assertThat(namespaces.usage("team-a")).as("the ended processing's, not written below yet").isEqualTo(admitted("team-a", 1));
        assertThat(namespaces.usage("team-b")).isEqualTo(NamespaceUsage.empty("team-b"));
        namespaces.writeUsage();
        assertThat(below.usage("team-a")).isEqualTo(admitted("team-a", 1));
        assertThat(below.usage("team-b")).isEqualTo(NamespaceUsage.empty("team-b"));
    }

    private static NamespaceUsage admitted(String namespace, long workloads) {
        return new NamespaceUsage(namespace, Resources.of(Map.of("cpu", workloads * 1000)),
                Collections.emptySortedMap(), workloads, workloads);
    }
}
