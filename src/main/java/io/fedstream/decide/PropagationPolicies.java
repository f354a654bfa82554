package io.fedstream.decide;

import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.failover.StatePreservation;
import io.fedstream.interpret.FieldError;
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
import java.util.stream.Collectors;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The valid PropagationPolicies and ClusterPropagationPolicies on the policies topic, parsed once per policy change,
 * and the one that governs a workload. A policy with any error governs nothing (it is logged, naming the field).
 */
public final class PropagationPolicies {

    private static final Logger LOG = LoggerFactory.getLogger(PropagationPolicies.class);
    private static final List<String> KINDS = List.of(PropagationPolicyParser.NAMESPACED_KIND, PropagationPolicyParser.CLUSTER_KIND);

    private final ReadOnlyKeyValueStore<String, PolicyEvent> store;
    private final LongSupplier changes;
    private final PropagationPolicyParser parser = new PropagationPolicyParser();
    private final PolicyMatcher matcher = new PolicyMatcher();
    private long parsedAt = -1;
    private List<PropagationPolicy> valid = List.of();
    private List<Refused> refused = List.of();

    /**
     * A policy on the topic that governs nothing, with every problem found and what it would select (null when even
     * that cannot be read).
     */
    public record Refused(String key, PolicyEvent event, List<FieldError> problems, PropagationPolicy selection) {

        public Refused {
            problems = List.copyOf(problems);
        }

        /** The first problem. */
        public FieldError error() {
            return problems.get(0);
        }
    }

    /** Why a workload is not placed when no valid policy matches it (Karmada propagates nothing without one). */
    public static final String NO_POLICY = "no PropagationPolicy or ClusterPropagationPolicy matches";

    public PropagationPolicies(ReadOnlyKeyValueStore<String, PolicyEvent> store, LongSupplier changes) {
        this.store = store;
        this.changes = changes;
    }

    /** The policy that governs the workload, if any. */
    public Optional<PropagationPolicy> governing(ResourceBinding binding) {
        return matcher.match(workload(binding), current());
    }

    /**
     * The valid policy {@code policyKey} if it still selects the workload: the policy a workload was placed under keeps
     * it while it does, whatever policy comes since (Karmada's detector keeps a claim, {@code preemption: Never}).
     */
    public Optional<PropagationPolicy> stillSelecting(ResourceBinding binding, String policyKey) {
        return current().stream().filter(policy -> policy.key().equals(policyKey)).findFirst()
                .flatMap(policy -> matcher.match(workload(binding), List.of(policy)));
    }

    private static WorkloadRef workload(ResourceBinding binding) {
        return new WorkloadRef(binding.getApiVersion(), binding.getKind(), binding.getNamespace(), binding.getName(),
                binding.getLabels());
    }

    /** E.g. {@code PropagationPolicy team-a/web} or {@code ClusterPropagationPolicy web}, from the key {@code kind/namespace/name}. */
    private static String named(Refused refused) {
        String[] parts = refused.key().split("/", -1);
        String namespace = parts.length == 3 ? parts[1] : "";
        return parts[0] + " " + (namespace.isEmpty() ? "" : namespace + "/") + refused.selection().name();
    }

    /**
     * Why no policy governs the workload: the refused policy that would have won, with its problems, or
     * {@link #NO_POLICY}.
     */
    public String whyNoneGoverns(ResourceBinding binding) {
        current();
        WorkloadRef workload = workload(binding);
        List<PropagationPolicy> selections = new ArrayList<>();
        refused.stream().filter(r -> r.selection() != null).forEach(r -> selections.add(r.selection()));
        return matcher.match(workload, selections)
                .flatMap(chosen -> refused.stream().filter(r -> r.selection() == chosen).findFirst())
                .map(r -> named(r) + " matches but is refused: "
                        + r.problems().stream().map(FieldError::message).collect(Collectors.joining("; ")))
                .orElse(NO_POLICY);
    }

    /** The valid policies on the topic now. */
    public List<PropagationPolicy> valid() {
        return current();
    }

    /** The policies on the topic now that govern nothing, each with its problems. */
    public List<Refused> refused() {
        current();
        return refused;
    }

    private List<PropagationPolicy> current() {
        long now = changes.getAsLong();
        if (now != parsedAt) {
            parsedAt = now;
            parseAll();
        }
        return valid;
    }

    private void parseAll() {
        List<PropagationPolicy> good = new ArrayList<>();
        List<Refused> bad = new ArrayList<>();
        PublishedPolicy.forEach(store, KINDS, (key, namespace, event) -> {
            Refused refusal = parse(key, namespace, event, good);
            if (refusal != null) {
                LOG.warn("Policy {} governs no workload: {}", key, refusal.error().message());
                bad.add(refusal);
            }
        });
        valid = List.copyOf(good);
        refused = List.copyOf(bad);
    }

    /** Adds the policy to {@code into} and returns null, or returns its refusal. */
    private Refused parse(String key, String namespace, PolicyEvent event, List<PropagationPolicy> into) {
        byte[] manifest = event.getManifest().getBytes(StandardCharsets.UTF_8);
        ParsedPolicy parsed = parser.parse(manifest, namespace);
        List<FieldError> problems = problems(parsed);
        if (!problems.isEmpty()) {
            return new Refused(key, event, problems, parser.selection(manifest, namespace).orElse(null));
        }
        into.add(parsed.policy());
        return null;
    }

    /** Every reason a parsed policy governs nothing: the parser's errors, else statePreservation paths fedstream cannot read. */
    public static List<FieldError> problems(ParsedPolicy parsed) {
        if (!parsed.isValid()) {
            return parsed.errors();
        }
        List<FieldError> out = new ArrayList<>();
        PropagationPolicy.Failover failover = parsed.policy().failover();
        if (failover != null && failover.application() != null) {
            unreadablePaths("spec.failover.application", failover.application().statePreservation(), out);
        }
        if (failover != null && failover.cluster() != null) {
            unreadablePaths("spec.failover.cluster", failover.cluster().statePreservation(), out);
        }
        return out;
    }

    private static void unreadablePaths(String field, List<PropagationPolicy.StatePreservationRule> rules, List<FieldError> out) {
        for (int i = 0; i < rules.size(); i++) {
            try {
                StatePreservation.Rule.of(rules.get(i).aliasLabelName(), rules.get(i).jsonPath());
            } catch (IllegalArgumentException e) {
                out.add(new FieldError(field + ".statePreservation.rules[" + i + "].jsonPath", rules.get(i).jsonPath(), e.getMessage()));
            }
        }
    }
}
