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
import java.util.function.Predicate;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Tells the admit step which of its namespaces' quotas changed on the policies topic, so that a namespace without
 * workload traffic still re-tries its queue when a quota grows and gets a status for a new quota. The policies topic
 * feeds the global store, so every task watches that store on a wall-clock schedule and hands on one QUOTA_SYNC per
 * changed namespace of its own partition; the admit step takes in each quota version once, so a repeated sync (after a
 * restart) changes nothing.
 */
final class QuotaChangeRelay {

    static final Duration INTERVAL = Duration.ofMillis(500);

    private static final StringSerializer KEYS = new StringSerializer();

    private final LongSupplier policyChanges;
    private final KeyValueStore<String, PolicyEvent> policies;
    private final Predicate<String> ownNamespace;
    private final Handoffs handoffs;
    private long seenChanges = Long.MIN_VALUE;
    private Map<String, Integer> relayed = Map.of();

    /** {@code ownNamespace}: whether a namespace belongs to this task's partition. */
    QuotaChangeRelay(LongSupplier policyChanges, KeyValueStore<String, PolicyEvent> policies, Predicate<String> ownNamespace, Handoffs handoffs) {
        this.policyChanges = policyChanges;
        this.policies = policies;
        this.ownNamespace = ownNamespace;
        this.handoffs = handoffs;
    }

    /** Hands on a QUOTA_SYNC for each namespace of this task whose quotas changed since the last relay. */
    void relay() {
        long changes = policyChanges.getAsLong();
        if (changes == seenChanges) {
            return;
        }
        seenChanges = changes;
        Map<String, Integer> current = fingerprints();
        TreeSet<String> namespaces = new TreeSet<>(current.keySet());
        namespaces.addAll(relayed.keySet());
        for (String namespace : namespaces) {
            if (ownNamespace.test(namespace) && !Objects.equals(current.get(namespace), relayed.get(namespace))) {
                handoffs.admit(AdmissionRequest.newBuilder()
                        .setType(AdmissionRequestType.QUOTA_SYNC)
                        .setNamespace(namespace)
                        .build());
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
