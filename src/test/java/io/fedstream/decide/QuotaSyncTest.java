package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.InMemoryLedgerState;
import io.fedstream.admit.Ledger;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

class QuotaSyncTest {

    private final TreeMap<String, PolicyEvent> published = new TreeMap<>();
    private final AtomicInteger policyScans = new AtomicInteger();
    /** Stands in for the policies mirror's change count. */
    private final AtomicLong mirrorChanges = new AtomicLong();
    private final QuotaSync sync = new QuotaSync(
            store(published, policyScans), Section.of(store(new TreeMap<>(), new AtomicInteger()), PassState.QUOTA_SOURCES, Serdes.ByteArray(),
                    PassState.QUOTA_SOURCES), new Ledger(new InMemoryLedgerState()), mirrorChanges::get);

    @Test
    void aNamespaceIsReadAgainOnlyAfterThePoliciesMirrorAppliedAChange() {
        publish("team-a", "compute", "{\"cpu\":\"4\"}");

        assertThat(sync.sync("team-a").changes()).hasSize(1);
        assertThat(sync.sync("team-a").changes()).isEmpty();
        assertThat(sync.sync("team-a").changes()).isEmpty();
        assertThat(policyScans).as("read once while nothing changed").hasValue(1);

        publish("team-a", "compute", "{\"cpu\":\"8\"}");
        assertThat(sync.sync("team-a").changes()).singleElement().isInstanceOf(QuotaSync.Change.Applied.class);
        assertThat(policyScans).hasValue(2);
    }

    @Test
    void eachNamespaceIsReadOnceBeforeItsFirstRequestIsDecided() {
        publish("team-a", "compute", "{\"cpu\":\"4\"}");
        publish("team-b", "compute", "{\"cpu\":\"2\"}");

        assertThat(sync.sync("team-a").changes()).hasSize(1);
        assertThat(sync.sync("team-b").changes()).as("not skipped because team-a was just read").hasSize(1);
    }

    @Test
    void whatTheNamespaceTookInIsReadAgainAfterASyncThatFoundAChange() {
        publish("team-a", "compute", "{\"cpu\":\"lots\"}");
        sync.sync("team-a");
        assertThat(sync.taken("team-a").get("compute").problems()).isNotEmpty();

        publish("team-a", "compute", "{\"cpu\":\"4\"}");
        sync.sync("team-a");
        assertThat(sync.taken("team-a").get("compute").problems()).isEmpty();
    }

    private void publish(String namespace, String name, String overall) {
        published.put("FederatedResourceQuota/" + namespace + "/" + name, PolicyEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(Instant.EPOCH)
                .setManifest("""
                        {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                         "metadata":{"name":"%s","namespace":"%s"},"spec":{"overall":%s}}""".formatted(name, namespace, overall))
                .build());
        mirrorChanges.incrementAndGet();
    }

    /** A key-value store over a sorted map (get, put, delete, prefix scans), counting its prefix scans. */
    @SuppressWarnings("unchecked")
    private static <V> KeyValueStore<String, V> store(TreeMap<String, V> entries, AtomicInteger scans) {
        return (KeyValueStore<String, V>) Proxy.newProxyInstance(QuotaSyncTest.class.getClassLoader(), new Class<?>[] {KeyValueStore.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "get" -> entries.get((String) args[0]);
                    case "put" -> entries.put((String) args[0], (V) args[1]);
                    case "delete" -> entries.remove((String) args[0]);
                    case "prefixScan" -> {
                        scans.incrementAndGet();
                        String prefix = (String) args[0];
                        yield iterator(new TreeMap<>(entries.subMap(prefix, prefix + Character.MAX_VALUE)).entrySet().iterator());
                    }
                    default -> failUnsupported(method.getName());
                });
    }

    private static Object failUnsupported(String method) {
        throw new UnsupportedOperationException(method);
    }

    @SuppressWarnings("unchecked")
    private static <V> KeyValueIterator<String, V> iterator(Iterator<Map.Entry<String, V>> entries) {
        return (KeyValueIterator<String, V>) Proxy.newProxyInstance(QuotaSyncTest.class.getClassLoader(), new Class<?>[] {KeyValueIterator.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "hasNext" -> entries.hasNext();
                    case "next" -> {
                        Map.Entry<String, V> entry = entries.next();
                        yield KeyValue.pair(entry.getKey(), entry.getValue());
                    }
                    case "close" -> null;
                    default -> method.isDefault() ? InvocationHandler.invokeDefault(proxy, method, args)
                            : failUnsupported(method.getName());
                });
    }
}
