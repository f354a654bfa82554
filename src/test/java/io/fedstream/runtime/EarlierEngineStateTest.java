package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.config.FedstreamConfig;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which changelogs of an application stop its start, and what the refusal says. */
class EarlierEngineStateTest {

    private static final FedstreamConfig CONFIG = FedstreamConfig.of(Map.of(FedstreamConfig.APPLICATION_ID, "app-1",
            FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, "kafka:9092", FedstreamConfig.STATE_DIR, "/var/fedstream"));
    private static final List<String> INPUTS = List.of("fedstream.workloads", "fedstream.policies");

    @Test
    void theChangelogsOfThePassSmallStoresBeforeTheyBecameSectionsStopTheStartNamingThemAndBothWaysOut() {
        Set<String> existing = Set.of("app-1-pass-state-store-changelog", "app-1-policies-store-changelog",
                "app-1-admission-queue-store-changelog", "app-1-workloads-store-changelog");

        assertThatThrownBy(() -> EarlierEngineState.requireNone(existing, CONFIG, INPUTS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("fedstream does not start: application app-1 holds the state of an earlier fedstream engine"
                        + " (app-1-policies-store-changelog, app-1-admission-queue-store-changelog), which this version does not read."
                        + " Either start fedstream with a fresh application.id (every step rebuilds from its input topics), or stop every"
                        + " instance and reset application app-1: kafka-streams-application-reset --bootstrap-server kafka:9092"
                        + " --application-id app-1 --input-topics fedstream.workloads,fedstream.policies, then delete /var/fedstream/app-1"
                        + " on every instance.");
    }

    @Test
    void everySmallStoreThatIsASectionNowIsAnEarlierStore() {
        for (String store : List.of("policies-store", "policy-positions-store", "refused-propagation-policies-store", "open-incidents-store",
                "application-failures-store", "leases-store", "admission-quotas-store", "admission-quota-sources-store",
                "admission-pending-store", "admission-queue-store")) {
            assertThatThrownBy(() -> EarlierEngineState.requireNone(Set.of("app-1-" + store + "-changelog"), CONFIG, INPUTS))
                    .as(store).hasMessageContaining("app-1-" + store + "-changelog");
        }
    }

    @Test
    void theStateOfThisVersionAndOtherApplicationsLetItStart() {
        Set<String> existing = Set.of("app-1-pass-state-store-changelog", "app-1-workloads-store-changelog",
                "app-1-lease-books-store-changelog", "app-2-policies-store-changelog");

        assertThatCode(() -> EarlierEngineState.requireNone(existing, CONFIG, INPUTS)).doesNotThrowAnyException();
    }
}
