package io.fedstream.place.stage;

import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.failover.FailoverSettings;
import io.fedstream.place.ParsedPolicy;
import io.fedstream.place.PolicyMatcher;
import io.fedstream.place.PropagationPolicy;
import io.fedstream.place.PropagationPolicyParser;
import io.fedstream.place.WorkloadRef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The valid PropagationPolicies and ClusterPropagationPolicies on the policies topic, parsed once per policy change,
 * and the one that governs a workload. A policy with any error governs nothing (it is logged, naming the field).
 */
public final class PropagationPolicies {

    private static final Logger LOG = LoggerFactory.getLogger(PropagationPolicies.class);
    private static final StringSerializer KEYS = new StringSerializer();
    private static final List<String> PREFIXES = List.of(
            PropagationPolicyParser.NAMESPACED_KIND + "/", PropagationPolicyParser.CLUSTER_KIND + "/");

    private final ReadOnlyKeyValueStore<String, PolicyEvent> store;
    private final LongSupplier changes;
    private final PropagationPolicyParser parser = new PropagationPolicyParser();
    private final PolicyMatcher matcher = new PolicyMatcher();
    private long parsedAt = -1;
    private List<PropagationPolicy> valid = List.of();

    public PropagationPolicies(ReadOnlyKeyValueStore<String, PolicyEvent> store, LongSupplier changes) {
        this.store = store;
        this.changes = changes;
    }

    /** The policy that governs the workload, if any. */
    public Optional<PropagationPolicy> governing(ResourceBinding binding) {
        WorkloadRef workload = new WorkloadRef(binding.getApiVersion(), binding.getKind(), binding.getNamespace(),
                binding.getName(), binding.getLabels());
        return matcher.match(workload, current());
    }

    private List<PropagationPolicy> current() {
        long now = changes.getAsLong();
        if (now != parsedAt) {
            parsedAt = now;
            valid = parseAll();
        }
        return valid;
    }

    private List<PropagationPolicy> parseAll() {
        List<PropagationPolicy> out = new ArrayList<>();
        for (String prefix : PREFIXES) {
            try (KeyValueIterator<String, PolicyEvent> it = store.prefixScan(prefix, KEYS)) {
                while (it.hasNext()) {
                    KeyValue<String, PolicyEvent> entry = it.next();
                    parse(entry.key, entry.value).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    private Optional<PropagationPolicy> parse(String key, PolicyEvent event) {
        if (event == null || event.getOp() == Op.DELETE || event.getManifest() == null) {
            return Optional.empty();
        }
        String[] parts = key.split("/", -1);
        String namespace = parts.length == 3 && !parts[1].isEmpty() ? parts[1] : null;
        ParsedPolicy parsed = parser.parse(event.getManifest().getBytes(StandardCharsets.UTF_8), namespace);
        if (!parsed.isValid()) {
            LOG.warn("Policy {} governs no workload: {}", key, parsed.errors().get(0).message());
            return Optional.empty();
        }
        try {
            FailoverSettings.of(parsed.policy().failover());
        } catch (IllegalArgumentException e) {
            LOG.warn("Policy {} governs no workload: spec.failover.application.statePreservation: {}", key, e.getMessage());
            return Optional.empty();
        }
        return Optional.of(parsed.policy());
    }
}
