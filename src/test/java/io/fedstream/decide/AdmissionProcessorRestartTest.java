package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The admit step alone, its status punctuation run by hand: a task that starts again over stores that hold
 * quotas, with nothing due in memory, writes every status it holds at its first punctuation.
 */
class AdmissionProcessorRestartTest {

    private static final Duration INTERVAL = Duration.ofMillis(250);
    private static final long NOW = Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();

    private final AvroSerdes serdes = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
    private final Serde<PolicyEvent> policySerde = serdes.specific(PolicyEvent.class, false);
    private final AtomicLong policyChanges = new AtomicLong();
    private MockProcessorContext<String, PassOutcome> context;
    private PassState state;
    private Section<PolicyEvent> policies;
    /** Quota syncs only: the admit step hands nothing on in these tests. */
    private final Handoffs handoffs = new Handoffs() {
        @Override
        public void admit(AdmissionRequest request) {
            throw new AssertionError("nothing is handed to the admit step here: " + request);
        }

        @Override
        public void bound(String workloadKey, ResourceBinding binding) {
            throw new AssertionError("no binding is decided here: " + workloadKey);
        }
    };
    private Admitting restarted;
    private Workloads workloads;

    @BeforeEach
    void storesWithQuotasInTwoNamespacesTakenInByAnEarlierTask() {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(NOW);
        state = AdmitStepStores.addLedgerStores(context, serdes);
        policies = state.policies();
        Serde<ResourceBinding> bindings = serdes.specific(ResourceBinding.class, false);
        workloads = new Workloads(store(Workloads.STORE, serdes.specific(WorkloadRecord.class, false)), (key, commands) -> { });

        quota("team-a", "q", "{\"cpu\":\"4\"}");
        quota("team-b", "q", "{\"cpu\":\"2\"}");
        quota("team-b", "refused", "{\"cpus\":\"2\"}");
        Admitting earlier = started();
        earlier.admit(quotaSync("team-a"), "admit-0");
        earlier.admit(quotaSync("team-b"), "admit-1");
        context.resetForwards();
    }

    @Test
    void aRestartedTaskWritesTheStatusOfEveryQuotaItHoldsAtItsFirstPunctuation() {
        restarted = started();
        assertThat(context.forwarded()).as("nothing at start").isEmpty();

        punctuate(NOW + 250);

        assertThat(statuses()).containsExactly("team-a/q@" + (NOW + 250), "team-b/q@" + (NOW + 250), "team-b/refused@" + (NOW + 250));
        context.resetForwards();

        punctuate(NOW + 500);

        assertThat(context.forwarded()).as("only once: nothing changed since").isEmpty();
    }

    private Admitting started() {
        return new Admitting(context, state, workloads, handoffs, new Outputs(context), "fedstream.policies", policySerde.serializer(), policyChanges::get,
                FedstreamMetrics.create());
    }

    private void punctuate(long at) {
        context.setCurrentSystemTimeMs(at);
        restarted.writeDueStatuses(at);
    }

    /** The statuses forwarded, as {@code key@timestamp}. */
    private List<String> statuses() {
        return context.forwarded().stream()
                .map(MockProcessorContext.CapturedForward::record)
                .filter(record -> record.value() instanceof PassOutcome.Status)
                .map(record -> record.key() + "@" + record.timestamp())
                .toList();
    }

    private void quota(String namespace, String name, String overall) {
        policies.put(QuotaSync.POLICY_PREFIX + namespace + "/" + name, PolicyEvent.newBuilder().setOp(Op.UPSERT)
                .setManifest("""
                        {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                         "metadata":{"name":"%s","namespace":"%s"},"spec":{"overall":%s}}""".formatted(name, namespace, overall))
                .setObservedAt(Instant.ofEpochMilli(NOW)).build());
        policyChanges.incrementAndGet();
    }

    private static AdmissionRequest quotaSync(String namespace) {
        return AdmissionRequest.newBuilder().setType(AdmissionRequestType.QUOTA_SYNC).setNamespace(namespace).build();
    }

    private <V> KeyValueStore<String, V> store(String name, Serde<V> values) {
        return AdmitStepStores.add(context, name, values);
    }
}
