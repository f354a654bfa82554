package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.override.OverridePolicy;
import io.fedstream.override.OverridePolicyParser;
import io.fedstream.override.ParsedOverridePolicy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The valid OverridePolicies and ClusterOverridePolicies on the policies topic, parsed once per policy change. A
 * policy with any error overrides nothing (it is logged with every problem, each naming its field).
 */
public final class OverridePolicies {

    private static final Logger LOG = LoggerFactory.getLogger(OverridePolicies.class);
    private static final List<String> KINDS = List.of(OverridePolicyParser.NAMESPACED_KIND, OverridePolicyParser.CLUSTER_KIND);

    private final ReadOnlyKeyValueStore<String, PolicyEvent> store;
    private final LongSupplier changes;
    private final OverridePolicyParser parser = new OverridePolicyParser();
    private long parsedAt = -1;
    private List<OverridePolicy> valid = List.of();

    public OverridePolicies(ReadOnlyKeyValueStore<String, PolicyEvent> store, LongSupplier changes) {
        this.store = store;
        this.changes = changes;
    }

    /** The valid override policies as the topic stands now. */
    public List<OverridePolicy> current() {
        long now = changes.getAsLong();
        if (now != parsedAt) {
            parsedAt = now;
            valid = parseAll();
        }
        return valid;
    }

    private List<OverridePolicy> parseAll() {
        List<OverridePolicy> good = new ArrayList<>();
        PublishedPolicy.forEach(store, KINDS, (key, namespace, event) -> {
            ParsedOverridePolicy parsed = parser.parse(event.getManifest().getBytes(StandardCharsets.UTF_8), namespace);
            if (parsed.isValid()) {
                good.add(parsed.policy());
            } else {
                LOG.warn("Override policy {} overrides nothing: {}", key, parsed.errors().stream().map(e -> e.message()).toList());
            }
        });
        return List.copyOf(good);
    }
}
