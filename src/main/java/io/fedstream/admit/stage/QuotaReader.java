package io.fedstream.admit.stage;

import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.admit.Ledger;
import io.fedstream.avro.QuotaStatus;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads the quotas of a namespace and their statuses from one partition of the admit stage's stores, computed by the
 * ledger exactly as the admit processor computes the statuses it publishes.
 */
public final class QuotaReader {

    private final Ledger ledger;
    private final ReadOnlyKeyValueStore<String, byte[]> sources;
    private final Clock clock;

    /** {@code stores} gives each store of the partition by name (names in {@link AdmitStores}). */
    public QuotaReader(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores, Clock clock) {
        this.ledger = new Ledger(StoreLedgerState.readOnly(stores));
        this.sources = stores.apply(AdmitStores.QUOTA_SOURCES);
        this.clock = clock;
    }

    /** Every quota of a namespace, in force or refused, sorted by name. */
    public List<QuotaReport> inNamespace(String namespace) {
        Map<String, FederatedResourceQuota> inForce = ledger.quotas(namespace).stream()
                .collect(Collectors.toMap(FederatedResourceQuota::name, Function.identity()));
        List<QuotaStatus> statuses = QuotaStatuses.all(
                namespace, ledger.statuses(namespace), QuotaSource.taken(sources, namespace), clock.millis());
        return statuses.stream()
                .map(status -> new QuotaReport(Optional.ofNullable(inForce.get(status.getName())), status))
                .sorted(Comparator.comparing(QuotaReport::name))
                .toList();
    }
}
