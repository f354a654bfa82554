package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.interpret.Interpreter;
import io.fedstream.override.OverridePolicy;
import io.fedstream.override.OverridePolicyParser;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The follower reads the cluster directory only when what a rule can select of the clusters changed, and the kept
 * manifests only when that or an override policy changed: a check between changes reads nothing, however many
 * clusters heart-beat.
 */
class OverrideFollowerTest {

    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String MANIFEST = """
            {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"team-a"},
             "spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"web","image":"web:1",
               "resources":{"requests":{"cpu":"1"}}}]}}}}""";
    private static final String BIG_GETS_FIVE = """
            apiVersion: policy.karmada.io/v1alpha1
            kind: OverridePolicy
            metadata: {name: sized, namespace: team-a}
            spec:
              resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
              overrideRules:
                - targetCluster: {labelSelector: {matchLabels: {tier: big}}}
                  overriders:
                    plaintext: [{path: /spec/replicas, operator: replace, value: 5}]
            """;

    private final AtomicLong clusterChanges = new AtomicLong();
    private final Directory directory = new Directory();
    private final List<AdmissionRequest> sent = new ArrayList<>();
    private List<OverridePolicy> policies = List.of();
    private OverrideFollower follower;

    @BeforeEach
    void setUp() {
        MockProcessorContext<Void, Void> context = new MockProcessorContext<>();
        KeyValueStore<String, String> manifests = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("manifests"),
                Serdes.String(), Serdes.String()).withLoggingDisabled().build();
        manifests.init(context.getStateStoreContext(), manifests);
        follower = new OverrideFollower(manifests, directory, clusterChanges::get, () -> policies, Interpreter::builtIn,
                new ClusterOverrides());
        follower.remember(WEB, MANIFEST);
        directory.put("dc-1", Map.of("tier", "big"));
        clusterChanges.incrementAndGet();
        policies = List.of(new OverridePolicyParser().parse(BIG_GETS_FIVE.getBytes(StandardCharsets.UTF_8), null).policy());
        follower.check((namespace, request) -> sent.add(request));
        sent.clear();
        directory.reads = 0;
    }

    @Test
    void checksBetweenChangesReadNothing() {
        for (int i = 0; i < 1000; i++) {
            follower.check((namespace, request) -> sent.add(request));
        }

        assertThat(directory.reads).isZero();
        assertThat(sent).isEmpty();
    }

    @Test
    void aRelabelledClusterIsReadOnceAndTheWorkloadRecomputed() {
        directory.put("dc-1", Map.of("tier", "small"));
        clusterChanges.incrementAndGet();

        follower.check((namespace, request) -> sent.add(request));
        follower.check((namespace, request) -> sent.add(request));

        assertThat(directory.reads).isEqualTo(1);
        assertThat(sent).singleElement().satisfies(request -> {
            assertThat(request.getWorkloadKey()).isEqualTo(WEB);
            assertThat(request.getClusterOverrides()).as("no rule targets dc-1 any more").isEmpty();
        });
    }

    @Test
    void aChangedPolicyRecomputesItsWorkloadsWithoutReadingTheDirectory() {
        policies = List.of();

        follower.check((namespace, request) -> sent.add(request));

        assertThat(directory.reads).isZero();
        assertThat(sent).singleElement().satisfies(request -> assertThat(request.getClusterOverrides()).isEmpty());
    }

    /** A cluster directory in memory that counts how often it is read whole. */
    private static final class Directory implements ReadOnlyKeyValueStore<String, ClusterWatch> {

        private final TreeMap<String, ClusterWatch> entries = new TreeMap<>();
        int reads;

        void put(String cluster, Map<String, String> labels) {
            Instant at = Instant.parse("2026-11-29T10:00:00Z");
            entries.put(cluster, ClusterWatch.newBuilder().setCluster(cluster).setState(ClusterState.READY).setReason("r").setSince(at)
                    .setHeartbeat(ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(at)
                            .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                            .setAllocatable(Map.of("cpu", "8")).setAllocated(Map.of()).setLabels(labels).build())
                    .build());
        }

        @Override
        public ClusterWatch get(String key) {
            return entries.get(key);
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> range(String from, String to) {
            throw new UnsupportedOperationException("the follower reads the directory whole");
        }

        @Override
        public KeyValueIterator<String, ClusterWatch> all() {
            reads++;
            Iterator<Map.Entry<String, ClusterWatch>> it = new ArrayList<>(entries.entrySet()).iterator();
            return new KeyValueIterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public KeyValue<String, ClusterWatch> next() {
                    Map.Entry<String, ClusterWatch> entry = it.next();
                    return KeyValue.pair(entry.getKey(), entry.getValue());
                }

                @Override
                public void close() {}

                @Override
                public String peekNextKey() {
                    throw new UnsupportedOperationException();
                }
            };
        }

        @Override
        public long approximateNumEntries() {
            return entries.size();
        }
    }
}
