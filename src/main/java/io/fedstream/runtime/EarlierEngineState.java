package io.fedstream.runtime;

import io.fedstream.config.FedstreamConfig;
import java.util.List;
import java.util.Set;

/**
 * The state earlier engines left under an application id: the changelogs of stores this version no longer has, those of
 * the engine before the one namespace pass (issue 40) and the pass's small stores before they became sections of one
 * store. This version does not read them, and starting over them would decide every workload again while the earlier
 * decisions stay unseen in those stores; so it does not start, and says the two ways out.
 */
final class EarlierEngineState {

    /**
     * The earlier engines' stores: the engine's before the one pass (their content lives in {@code workloads-store} now),
     * then the pass's small stores (now the sections of {@code pass-state-store}).
     */
    static final List<String> STORES = List.of("admission-bindings-store", "admission-binding-names-store", "admission-admitted-store",
            "admission-admitted-bindings-store", "bind-manifests-store", "cluster-reservations-store", "place-failover-bindings-store",
            "placement-states-store", "unplaced-workloads-store", "incidents-store",
            "policies-store", "policy-positions-store", "refused-propagation-policies-store", "open-incidents-store",
            "application-failures-store", "leases-store", "admission-quotas-store", "admission-quota-sources-store",
            "admission-pending-store", "admission-queue-store");

    private EarlierEngineState() {}

    /** Throws when any of {@code existingTopics} is the changelog of an earlier engine's store of this application. */
    static void requireNone(Set<String> existingTopics, FedstreamConfig config, List<String> inputTopics) {
        String app = config.applicationId();
        List<String> found = STORES.stream().map(store -> app + "-" + store + "-changelog").filter(existingTopics::contains).toList();
        if (found.isEmpty()) {
            return;
        }
        throw new IllegalStateException("fedstream does not start: application " + app + " holds the state of an earlier"
                + " fedstream engine (" + String.join(", ", found) + "), which this version does not read. Either start"
                + " fedstream with a fresh application.id (every step rebuilds from its input topics), or stop every instance and reset"
                + " application " + app + ": kafka-streams-application-reset --bootstrap-server " + config.kafkaBootstrapServers()
                + " --application-id " + app + " --input-topics " + String.join(",", inputTopics) + ", then delete "
                + config.stateDir().resolve(app) + " on every instance.");
    }
}
