package io.fedstream.decide;

import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.admit.Ledger;
import io.fedstream.avro.QuotaStatus;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads the quotas of a namespace, or of all, and their statuses from one partition of the namespace pass's stores, computed by the
 * ledger exactly as the admit processor computes the statuses it publishes.
 */
public final class QuotaReader {

    private final Ledger ledger;
    private final ReadOnlyKeyValueStore<String, byte[]> quotas;
    private final ReadOnlyKeyValueStore<String, byte[]> sources;
    private final Clock clock;

    /** {@code stores} gives each store of the partition by name ({@link PassState#STORE}, {@link AdmitStores#USAGE}). */
    public QuotaReader(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores, Clock clock) {
        this.ledger = new Ledger(StoreLedgerState.readOnly(stores));
        ReadOnlyKeyValueStore<String, byte[]> state = stores.apply(PassState.STORE);
        this.quotas = PassState.encoded(state, PassState.QUOTAS);
        this.sources = PassState.encoded(state, PassState.QUOTA_SOURCES);
        this.clock = clock;
    }

    /**
     * Every quota of every namespace of the partition, in force or refused, by namespace and name: the namespaces are
     * those of the quotas in force and of the versions read from the policies topic (keys {@code namespace/name}).
     */
    public List<QuotaReport> all() {
        Set<String> namespaces = new TreeSet<>();
        for (ReadOnlyKeyValueStore<String, byte[]> store : List.of(quotas, sources)) {
            try (KeyValueIterator<String, byte[]> entries = store.all()) {
                entries.forEachRemaining(entry -> namespaces.add(entry.key.substring(0, entry.key.indexOf('/'))));
            }
        }
        return namespaces.stream().flatMap(namespace -> inNamespace(namespace).stream()).toList();
    }

    /** Every quota of a namespace, in force or refused, sorted by name. */
    public List<QuotaReport> inNamespace(String namespace) {
        Map<String, FederatedResourceQuota> inForce = ledger.quotas(namespace).stream()
                .collect(Collectors.toMap(FederatedResourceQuota::name, Function.identity()));
        List<QuotaStatus> statuses = QuotaSource.statuses(
                namespace, ledger.statuses(namespace), QuotaSource.taken(sources, namespace), clock.millis());
        return statuses.stream()
                .map(status -> new QuotaReport(Optional.ofNullable(inForce.get(status.getName())), status))
                .sorted(Comparator.comparing(QuotaReport::name))
                .toList();
    }
}
