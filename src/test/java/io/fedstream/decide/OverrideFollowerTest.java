package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.interpret.Interpreter;
import io.fedstream.decide.InMemoryClusterDirectory;
import io.fedstream.override.OverridePolicy;
import io.fedstream.override.OverridePolicyParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
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
    private final InMemoryClusterDirectory directory = new InMemoryClusterDirectory();
    private final List<AdmissionRequest> sent = new ArrayList<>();
    private List<OverridePolicy> policies = List.of();
    private OverrideFollower follower;

    @BeforeEach
    void setUp() {
        MockProcessorContext<Void, Void> context = new MockProcessorContext<>();
        KeyValueStore<String, WorkloadRecord> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(Workloads.STORE),
                Serdes.String(), new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(WorkloadRecord.class, false))
                .withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        Workloads workloads = new Workloads(store, (key, commands) -> { });
        follower = new OverrideFollower(workloads, directory, clusterChanges::get, () -> policies, Interpreter::builtIn,
                new ClusterOverrides());
        follower.remember(WEB, MANIFEST);
        workloads.flush();
        directory.put("dc-1", "8", Map.of("tier", "big"));
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
        directory.put("dc-1", "8", Map.of("tier", "small"));
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
}
