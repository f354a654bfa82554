package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.decide.PolicyMirror;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Tells the admit stage which namespaces' quotas changed on the policies topic, so that a namespace without workload
 * traffic still re-tries its queue when a quota grows and gets a status for a new quota. The policies topic feeds the
 * global store (a topic cannot also be a stream source), so task 0 of the workloads sub-topology watches that store
 * on a wall-clock schedule and sends one QUOTA_SYNC per changed namespace; the admit stage takes in each quota
 * version once, so a repeated sync (after a restart) changes nothing.
 */
final class QuotaChangeRelay<V> implements Processor<String, V, String, AdmissionRequest> {

    static final Duration INTERVAL = Duration.ofMillis(500);

    private static final StringSerializer KEYS = new StringSerializer();

    private final LongSupplier policyChanges;
    private ProcessorContext<String, AdmissionRequest> context;
    private KeyValueStore<String, PolicyEvent> policies;
    private long seenChanges = Long.MIN_VALUE;
    private Map<String, Integer> relayed = Map.of();

    QuotaChangeRelay(LongSupplier policyChanges) {
        this.policyChanges = policyChanges;
    }

    @Override
    public void init(ProcessorContext<String, AdmissionRequest> context) {
        this.context = context;
        this.policies = context.getStateStore(PolicyMirror.STORE);
        if (context.taskId().partition() == 0) {
            context.schedule(INTERVAL, PunctuationType.WALL_CLOCK_TIME, this::relay);
        }
    }

    @Override
    public void process(Record<String, V> record) {
        // Workload events are the bind stage's; this node only anchors the punctuator in that sub-topology.
    }

    private void relay(long now) {
        long changes = policyChanges.getAsLong();
        if (changes == seenChanges) {
            return;
        }
        seenChanges = changes;
        Map<String, Integer> current = fingerprints();
        TreeSet<String> namespaces = new TreeSet<>(current.keySet());
        namespaces.addAll(relayed.keySet());
        for (String namespace : namespaces) {
            if (!Objects.equals(current.get(namespace), relayed.get(namespace))) {
                AdmissionRequest request = AdmissionRequest.newBuilder()
                        .setType(AdmissionRequestType.QUOTA_SYNC)
                        .setNamespace(namespace)
                        .build();
                context.forward(new Record<>(namespace, request, now));
            }
        }
        relayed = current;
    }

    /** Per namespace, a fingerprint of its quota events as the global store holds them now. */
    private Map<String, Integer> fingerprints() {
        Map<String, Integer> out = new TreeMap<>();
        try (KeyValueIterator<String, PolicyEvent> entries = policies.prefixScan(QuotaSync.POLICY_PREFIX, KEYS)) {
            entries.forEachRemaining(entry -> {
                String[] parts = entry.key.split("/", -1);
                if (parts.length == 3 && entry.value != null) {
                    out.merge(parts[1], Objects.hash(entry.key, entry.value.getOp(), entry.value.getManifest()), (a, b) -> 31 * a + b);
                }
            });
        }
        return out;
    }
}
