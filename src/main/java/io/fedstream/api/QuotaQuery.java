package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.decide.AdmitStores;
import io.fedstream.decide.PassState;
import io.fedstream.decide.QuotaReader;
import io.fedstream.decide.QuotaReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * FederatedResourceQuotas with their status, computed by the admit step's ledger from the namespace pass's stores
 * (the quotas, quota sources and queue of {@link PassState#STORE}, and {@link AdmitStores#USAGE}), partitioned by namespace: a
 * namespace's go to the instance active for its partition, every namespace's to every instance. A namespace holds few
 * quotas, so a list is computed whole and paged by namespace and name.
 */
final class QuotaQuery implements ObjectReader {

    private final FanOut fanOut;
    private final Clock clock;

    QuotaQuery(FanOut fanOut, Clock clock) {
        this.fanOut = fanOut;
        this.clock = clock;
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        TreeMap<String, ObjectNode> objects = new TreeMap<>();
        for (QuotaReport report : scope.namespace().map(this::inNamespace).orElseGet(this::all)) {
            if (scope.name().isEmpty() || scope.name().get().equals(report.name())) {
                objects.put(report.namespace() + "/" + report.name(), QuotaObject.toJson(report));
            }
        }
        return WholeCollection.page(objects, from, page);
    }

    @Override
    public Optional<ObjectNode> get(Scope scope) {
        String name = scope.name().orElseThrow();
        return inNamespace(scope.namespace().orElseThrow()).stream().filter(report -> report.name().equals(name)).findFirst()
                .map(QuotaObject::toJson);
    }

    /** Every quota of a namespace, sorted by name. */
    List<QuotaReport> inNamespace(String namespace) {
        return fanOut.atKey(PassState.STORE, namespace, partition -> inNamespace(namespace, Set.of(partition)),
                "/internal/quotas?namespace=" + PeerClient.segment(namespace), QuotaObject::itemsFromJson);
    }

    /** Every quota of every namespace, from every instance. */
    List<QuotaReport> all() {
        return fanOut.everywhere(PassState.STORE, this::all, "/internal/quotas", QuotaObject::itemsFromJson);
    }

    /** This instance's quotas of every namespace, from the given partitions. */
    List<QuotaReport> all(Set<Integer> partitions) {
        List<QuotaReport> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(fanOut.read(PassState.STORE, partition,
                    () -> new QuotaReader(store -> fanOut.store(store, partition), clock).all()));
        }
        return found;
    }

    /** This instance's quotas of a namespace, from the given partitions. */
    List<QuotaReport> inNamespace(String namespace, Set<Integer> partitions) {
        List<QuotaReport> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(fanOut.read(PassState.STORE, partition,
                    () -> new QuotaReader(store -> fanOut.store(store, partition), clock).inNamespace(namespace)));
        }
        return found;
    }
}
